/** Lottery area: the wheel, its prizes and chances, its first-start seed and operator actions. */
export { lotteryActions } from './lottery.actions';
export { registerLotteryRoutes } from './lottery.routes';
export { lotteryView } from './lottery.views';
export { seedLottery } from './seed-lottery';
