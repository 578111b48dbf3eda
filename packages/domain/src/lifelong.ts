/**
 * Lifelong-VIP promotions (learning-content §3 status, §4 exchange states, §5 inputs; decision
 * 052): who may claim an offer now.
 */

export interface LifelongPromoRule {
  startsAt: Date;
  endsAt: Date;
  /** The family's status needed first: 0 anyone, 1 only after the first promotion. */
  requiresStatus: number;
  /** The status a claim gives: 1 first promotion, 2 lottery exchange. */
  statusAfter: number;
  /** Only through a tokenised link (/act/upgradeLifeVip/{token}). */
  tokenOnly: boolean;
}

export interface LifelongFamily {
  status: number;
  /** This promotion was claimed by the family already. */
  claimed: boolean;
  /** The claim comes through a promotion link. */
  viaLink: boolean;
}

export const LIFELONG_REASONS = {
  claimed: 'claimed',
  notStarted: '活动还没有开始',
  ended: '活动已结束',
  needsFirst: '请先参加终身会员升级活动',
  upgraded: '您已是终身会员',
  linkOnly: '请通过活动链接参加',
} as const;

/** Spec §4 lifelong exchange states (the page's): done, invalidSmsPIN (11101), errorSmsPIN (11102). */
export const LIFELONG_SMS_STATES: Record<number, 'invalidSmsPIN' | 'errorSmsPIN'> = {
  11101: 'invalidSmsPIN',
  11102: 'errorSmsPIN',
};

/** Whether the family may claim the offer now, and if not why (Chinese, for the parent). */
export function lifelongOfferState(
  promo: LifelongPromoRule,
  family: LifelongFamily,
  now: Date,
): { available: boolean; reason: string } {
  const no = (reason: string) => ({ available: false, reason });
  if (family.claimed) return no(LIFELONG_REASONS.claimed);
  if (now.getTime() < promo.startsAt.getTime()) return no(LIFELONG_REASONS.notStarted);
  if (now.getTime() >= promo.endsAt.getTime()) return no(LIFELONG_REASONS.ended);
  if (family.status >= promo.statusAfter) return no(LIFELONG_REASONS.upgraded);
  if (family.status < promo.requiresStatus) return no(LIFELONG_REASONS.needsFirst);
  if (promo.tokenOnly && !family.viaLink) return no(LIFELONG_REASONS.linkOnly);
  return { available: true, reason: '' };
}
