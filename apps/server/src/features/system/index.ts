/** System area: health, server info and pingbacks. */
export { registerSystemRoutes } from './system.routes';
