/** Dev area: the development-only routes (payment cashier sandbox, OAuth relay). */
export { registerDevRoutes, registerOauthRelay } from './dev.routes';
