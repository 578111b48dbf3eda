/** Addresses area: a family's delivery addresses (looked up and snapshotted by the points mall and gift cards). */
export { addressSnapshot, findOwnAddress } from './address-book';
export { registerAddressRoutes } from './addresses.routes';
