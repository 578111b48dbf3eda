/** Promotions: the invite panel of the gift-card screen. */
export { InvitePanel } from './InvitePanel';
