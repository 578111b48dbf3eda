/** Kob area: the daily reading challenge (decision 056). */
export { registerKobRoutes } from './kob.routes';
