/** Missions area: growth missions and camps, the learning-activity sources the points tasks also use, seeds and actions. */
export {
  type DayWindow,
  findTaskSource,
  TASK_SOURCES,
  type TaskSource,
} from './activity-sources';
export { campActions } from './camps.actions';
export { campsView } from './camps.views';
export { registerMissionRoutes } from './missions.routes';
export { seedCamps } from './seed-camps';
