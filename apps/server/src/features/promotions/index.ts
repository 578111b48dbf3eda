/** Promotions area: lifelong-VIP promotions and invitations, and their operator actions. */
export { promotionActions } from './promotions.actions';
export { registerPromotionRoutes } from './promotions.routes';
