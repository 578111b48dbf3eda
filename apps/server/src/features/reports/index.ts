/** Reports area: learning reports, the parents' space and weekly summaries, and its operator actions. */
export { bestRecordingBetween } from './learning-reports';
export {
  activeFamiliesBetween,
  activityBetween,
  chinaWeek,
  startWeeklySummaries,
} from './parent-space';
export { reportActions } from './reports.actions';
export { registerReportRoutes } from './reports.routes';
