/**
 * Paths a guest may not use; they get a login request and continue after logging in
 * (spec §5/§6: gift card and points mall, gift list). The value is the message key.
 */
const GUEST_BLOCKED: Array<{ prefix: string; message: 'giftCard' | 'default' }> = [
  { prefix: '/parents/giftCard', message: 'giftCard' },
  { prefix: '/parents/store/activation', message: 'giftCard' },
  { prefix: '/parents/points', message: 'default' },
  { prefix: '/parents/giftList', message: 'default' },
  { prefix: '/act/lotteryPrizes', message: 'default' },
  { prefix: '/act/lotteryWheel', message: 'default' },
  // Lifelong-VIP promotions are claimed by a registered family (decision 052).
  { prefix: '/act/upgradeLifeVip', message: 'default' },
  { prefix: '/parents/store/upgradeLifeVip', message: 'default' },
  { prefix: '/parents/store/upgradeLifeVip2', message: 'default' },
];

export const GUEST_GIFT_CARD_MESSAGE = '为保障您的权益，请在登录后使用「礼品卡/兑换码」功能。';

/** The login-request message kind for a guest on this path, or null when the path is open. */
export function guestBlock(pathname: string): 'giftCard' | 'default' | null {
  const hit = GUEST_BLOCKED.find(
    (b) => pathname === b.prefix || pathname.startsWith(`${b.prefix}/`),
  );
  return hit ? hit.message : null;
}
