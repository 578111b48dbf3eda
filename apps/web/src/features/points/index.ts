/** The points mall: the balance, the wheel it names, and the screen where points are not offered. */
export { PointsUnavailable } from './components/PointsUnavailable';
export { refreshPoints, useLotteryInfo, usePointsDetail } from './points-queries';
