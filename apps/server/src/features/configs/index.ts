/** Configs area: the operator-edited settings (public, private, seeded defaults) every area reads. */

export { setConfigAction } from './configs.actions';
export { createConfigQueries } from './configs.queries';
export { registerConfigRoutes } from './configs.routes';
export { configSchemaFor, loadConfigs, loadPrivateConfig, seedConfigs } from './configs.store';
export { configsView } from './configs.views';
