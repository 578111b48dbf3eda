/** Gift cards area: codes, family cards and their products (other areas credit cards through registerCardCredit). */
export { registerCardCredit } from './family-cards';
export { presentProduct } from './gift-card.presenter';
export { giftCardActions } from './gift-cards.actions';
export { registerGiftCardRoutes } from './gift-cards.routes';
export { giftBatchesView } from './gift-cards.views';
