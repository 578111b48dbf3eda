import { z } from 'zod';
import { ZRowId, ZRowIdParam } from './ids';

/**
 * Gift cards and redeem codes, lifelong-VIP promotions and invitations (learning-content §2, §3,
 * §4, §7, §8; decisions 051–053). Times are Unix seconds.
 */

/** What the family typed; the server parses it like the web does (domain parseGiftCode). */
const giftCode = z.string().max(64, 'gift_code: at most 64 characters');

export const ZGiftCodeQuery = z.object({ gift_code: giftCode });
export const ZGiftCodeBody = z.object({ gift_code: giftCode });
export const ZGiftCardIdBody = z.object({ id: ZRowId });

export const ZGiftProductKind = z.enum(['right', 'prize']);

/** What a code or card gives. */
export const ZGiftProduct = z.object({
  kind: ZGiftProductKind,
  title: z.string(),
  /** The right it grants (kind right), else null. */
  right_name: z.string().nullable(),
  /** Days of the right; null for lifetime or a prize. */
  days: z.number().int().nullable(),
  lifetime: z.boolean(),
});
export type TGiftProduct = z.infer<typeof ZGiftProduct>;

/** GET gift_card/check: what the code gives and until when it may be redeemed. */
export const ZGiftCodeCheck = z.object({
  product: ZGiftProduct,
  /** Last day to redeem (Unix seconds, the batch's expiry). */
  redeem_before: z.number().int(),
  batch_title: z.string(),
  /**
   * When this family redeemed the code (Unix seconds); null while it can still be redeemed. A
   * code another family redeemed is refused (16005) instead.
   */
  redeemed_at: z.number().int().nullable(),
});
export type TGiftCodeCheck = z.infer<typeof ZGiftCodeCheck>;

export const ZGiftDeliveryStatus = z.enum(['none', 'need_address', 'pending', 'shipped']);

export const ZGiftCard = z.object({
  id: z.number().int(),
  product: ZGiftProduct,
  /** `****-****-****-3NPD`; empty for a card given without a code. */
  code_mask: z.string(),
  /** code (redeemed) or invite (a reward for bringing a new family). */
  source: z.enum(['code', 'invite']),
  /** §3: 0 held, 1 activated. */
  status: z.number().int().min(0).max(1),
  redeemed_at: z.number().int().nullable(),
  activated_at: z.number().int().nullable(),
  /** The right's expiry right after activation. */
  expire_time: z.number().int().nullable(),
  delivery_status: ZGiftDeliveryStatus,
});
export type TGiftCard = z.infer<typeof ZGiftCard>;

export const ZGiftCards = z.object({ list: z.array(ZGiftCard) });
export type TGiftCards = z.infer<typeof ZGiftCards>;

export const ZGiftRedeemResult = z.object({
  card: ZGiftCard,
  /** The code was redeemed by this family before: the same card, nothing granted again. */
  repeated: z.boolean(),
});
export type TGiftRedeemResult = z.infer<typeof ZGiftRedeemResult>;

/** GET gift_card/activations: what activating cards granted, newest first. */
export const ZGiftActivation = z.object({
  id: z.number().int(),
  title: z.string(),
  activated_at: z.number().int(),
  expire_time: z.number().int().nullable(),
});
export const ZGiftActivations = z.object({ list: z.array(ZGiftActivation) });
export type TGiftActivations = z.infer<typeof ZGiftActivations>;

/** The gift list (/parents/giftList): prizes from cards and the lottery. */
export const ZGiftPrizeSource = z.enum(['card', 'lottery']);
export const ZGiftPrize = z.object({
  item_id: z.number().int(),
  /** Where it came from; the giftGoods route's skuId. */
  sku_id: ZGiftPrizeSource,
  title: z.string(),
  image: z.string(),
  /** physical (needs an address), right (membership days), points, coins. */
  kind: z.enum(['physical', 'right', 'points', 'coins']),
  amount: z.number().int(),
  won_at: z.number().int(),
  delivery_status: ZGiftDeliveryStatus,
  /** Where it goes (physical prizes with an address). */
  address: z
    .object({
      name: z.string(),
      phone: z.string(),
      region: z.string(),
      street: z.string(),
    })
    .nullable(),
});
export type TGiftPrize = z.infer<typeof ZGiftPrize>;
export const ZGiftPrizes = z.object({ list: z.array(ZGiftPrize) });
export type TGiftPrizes = z.infer<typeof ZGiftPrizes>;
export const ZGiftPrizeParams = z.object({ itemId: ZRowIdParam, skuId: ZGiftPrizeSource });
export const ZGiftPrizeAddressBody = z.object({ id: ZRowId, address_id: ZRowId });

// Lifelong-VIP promotions (§3 status 1 first promo, 2 lottery exchange; §4 SMS states).

const nationCode = z.string().regex(/^\d{1,4}$/, 'nation_code: 1–4 digits');
const phone = z.string().regex(/^\d{5,15}$/, 'phone: digits');
const pin = z.string().regex(/^\d{4,6}$/, 'pin: the code from the SMS');
const promoCode = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'promo: letters, digits, _ -');

export const ZLifelongStatusQuery = z.object({ promo: promoCode });
export const ZLifelongTransformBody = z.object({
  promo: promoCode,
  nation_code: nationCode,
  phone,
  pin,
  mission_type: z.string().max(32).optional(),
});
export const ZLifelongLinkParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'token: the link token'),
});
export const ZLifelongLinkBody = z.object({ nation_code: nationCode, phone, pin });

export const ZLifelongOffer = z.object({
  promo: z.string(),
  title: z.string(),
  description: z.string(),
  product: ZGiftProduct,
  start_time: z.number().int(),
  end_time: z.number().int(),
  /** Open now and this family may claim it (status before it as required). */
  available: z.boolean(),
  /** Why not, in words for the parent; empty when available. */
  reason: z.string(),
});
export type TLifelongOffer = z.infer<typeof ZLifelongOffer>;

export const ZLifelongStatus = z.object({
  /** §3: 0 not upgraded, 1 upgraded on the first promo, 2 on the lottery exchange. */
  status: z.number().int().min(0).max(2),
  offer: ZLifelongOffer.nullable(),
});
export type TLifelongStatus = z.infer<typeof ZLifelongStatus>;

export const ZLifelongResult = z.object({
  status: z.number().int().min(0).max(2),
  right_name: z.string(),
  expire_time: z.number().int(),
});
export type TLifelongResult = z.infer<typeof ZLifelongResult>;

/** GET {token}: the offer behind a promotion link, and whether the link is still good. */
export const ZLifelongLink = z.object({
  offer: ZLifelongOffer.nullable(),
  /** ok, used, expired, unknown. */
  link: z.enum(['ok', 'used', 'expired', 'unknown']),
});
export type TLifelongLink = z.infer<typeof ZLifelongLink>;

// Invitations (§7 brings_new, gen_qrcode).

export const ZBringsNewQuery = z.object({ promotion: promoCode.default('vip_card') });
export const ZBringsNew = z.object({
  promotion: z.string(),
  invite_code: z.string(),
  /** The landing page the QR code opens. */
  invite_url: z.string(),
  /** New families that came through my invitation. */
  invited: z.number().int(),
  /** Reward cards credited (one per new family). */
  rewarded: z.number().int(),
  reward: ZGiftProduct,
});
export type TBringsNew = z.infer<typeof ZBringsNew>;
export const ZGenQrcodeQuery = z.object({ promo: promoCode.default('vip_card') });
export const ZGenQrcode = z.object({
  promo: z.string(),
  url: z.string(),
  /** The QR code as an SVG data URL. */
  qrcode: z.string(),
});
export type TGenQrcode = z.infer<typeof ZGenQrcode>;
