/** Ops area: the operator console (its routes and the dev operator); it assembles every area's actions and views. */
export { ensureDevOperator } from './operator-accounts';
export { registerOpsRoutes } from './ops.routes';
