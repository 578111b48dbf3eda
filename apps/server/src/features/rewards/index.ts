/** Rewards area: the library's finish and score rewards, paid through the ledger. */
export { registerRewardRoutes } from './rewards.routes';
