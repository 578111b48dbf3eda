/** Activity area: the operator-edited activity data (decision 057), its routes and operator actions. */
export { activityActions } from './activity.actions';
export { registerActivityRoutes } from './activity.routes';
export { activityView } from './activity.views';
