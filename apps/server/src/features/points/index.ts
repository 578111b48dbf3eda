/** Points area: the points mall, its tasks, its seed and operator actions. */
export { pointsActions } from './points.actions';
export { registerPointsRoutes } from './points.routes';
export { pointsGoodsView } from './points.views';
export { seedMall } from './seed-mall';
export { listTasks } from './tasks';
