/** Push area: device push registrations, the scheduler and the console's push views and actions. */

export { pushDeliveriesView, sendTestPushAction } from './push.ops';
export { registerPushRoutes } from './push.routes';
export { startPushScheduler } from './push-jobs';
