/** Store area: orders, payments and goods, the order sweeper and the store's operator actions. */
export { startOrderSweeper } from './close-orders';
export { registerPaymentNotifyRoutes } from './payment-notify.routes';
export { seedGoods } from './seed-goods';
export {
  closeOrderAction,
  inspectOrderAction,
  recheckOrderAction,
  refundOrderAction,
  saveGoodsAction,
} from './store.actions';
export { registerStoreRoutes } from './store.routes';
export { goodsView, ordersView, presentOrdersForOps } from './store.views';
