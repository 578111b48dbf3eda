/** The store: the refresh after a purchase (rights, orders, the library's locks). */
export { refreshAfterPurchase } from './store-queries';
