/**
 * Gift-card batches and redemption rules (learning-content §3, §7, §8; decision 051).
 */

/** What a batch's codes give: a right for some days (or lifetime), or a physical prize. */
export type GiftProduct =
  | { kind: 'right'; right: string; days: number | 'life' }
  | { kind: 'prize'; title: string };

/** Spec §8 messages of the card screens (server refusals carry their own, contracts errors). */
export const GIFT_CARD_MESSAGES = {
  tooMany: '兑换码错误次数过多，请稍后再试',
  dataError: '数据错误',
  systemError: '系统异常，请稍后重试',
} as const;

/**
 * Wrong codes a user, a device and an address may send (sliding windows). A school or a
 * family behind one address gets more room than one account; a correct code never counts.
 */
export const GIFT_CODE_LIMITS = {
  perUser: [
    { limit: 5, windowMs: 10 * 60_000 },
    { limit: 20, windowMs: 86_400_000 },
  ],
  perDevice: [
    { limit: 5, windowMs: 10 * 60_000 },
    { limit: 20, windowMs: 86_400_000 },
  ],
  perIp: [
    { limit: 30, windowMs: 3_600_000 },
    { limit: 100, windowMs: 86_400_000 },
  ],
} as const;

export interface BatchState {
  status: 'active' | 'revoked';
  startsAt: Date | null;
  expiresAt: Date;
}

export type BatchRefusal = 'revoked' | 'expired' | 'notStarted';

/** Why a batch's codes cannot be redeemed now, or null. Revoked wins over expired. */
export function batchRefusal(batch: BatchState, now: Date): BatchRefusal | null {
  if (batch.status === 'revoked') return 'revoked';
  if (now.getTime() >= batch.expiresAt.getTime()) return 'expired';
  if (batch.startsAt && now.getTime() < batch.startsAt.getTime()) return 'notStarted';
  return null;
}

/** How the family's list names a product: "VIP会员 31天", "终身VIP", or the prize. */
export function giftProductTitle(product: GiftProduct): string {
  if (product.kind === 'prize') return product.title;
  const names: Record<string, string> = {
    vip: 'VIP会员',
    du_vip: '小度VIP',
    life_vip: '终身VIP',
    library: '绘本馆',
    experience: '体验卡',
    growth: '成长计划',
    school_usable: '校园版',
  };
  const name = names[product.right] ?? product.right;
  if (product.days === 'life') return product.right === 'life_vip' ? name : `${name} 终身`;
  return `${name} ${product.days}天`;
}

/** What an invitation gives the inviter per new family (GET promo/brings_new, decision 053). */
export interface InvitePromotion {
  product: GiftProduct;
}

/** Invitation promotions; `vip_card` (the default of gen_qrcode): a 7-day VIP gift card. */
export const INVITE_PROMOTIONS: Readonly<Record<string, InvitePromotion>> = {
  vip_card: { product: { kind: 'right', right: 'vip', days: 7 } },
};
