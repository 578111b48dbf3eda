import { z } from 'zod';
import type { AreaEndpoints } from './endpoint-def';
import { ZRowId, ZRowIdParam } from './ids';
import { routes } from './routes';

/**
 * Gift cards and redeem codes (learning-content §2, §3, §4, §7, §8; decisions 051–053); the
 * lifelong-VIP promotions and invitations that give them are in promotions.ts. Times are Unix
 * seconds.
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

/** The endpoint table's entries of this area (endpoints.ts assembles the areas). */
export const giftCardsEndpoints = {
  giftCards: {
    ...routes.giftCards,
    summary: "The family's gift cards: redeemed codes and reward cards, with status 0/1",
    tags: ['gift-cards'],
    response: ZGiftCards,
  },
  giftCardActivations: {
    ...routes.giftCardActivations,
    summary: 'What activating cards granted, newest first',
    tags: ['gift-cards'],
    response: ZGiftActivations,
  },
  giftCardActivate: {
    ...routes.giftCardActivate,
    summary: 'Activate a held card: its right is granted once, status becomes 1',
    tags: ['gift-cards'],
    body: ZGiftCardIdBody,
    response: ZGiftCard,
  },
  giftCardCheck: {
    ...routes.giftCardCheck,
    summary: 'What a code gives, without using it (wrong codes count toward the limits)',
    tags: ['gift-cards'],
    query: ZGiftCodeQuery,
    response: ZGiftCodeCheck,
  },
  giftCardRedeem: {
    ...routes.giftCardRedeem,
    summary: 'Redeem a code: granted exactly once, also under concurrent redemptions',
    tags: ['gift-cards'],
    body: ZGiftCodeBody,
    response: ZGiftRedeemResult,
  },
  giftPrizes: {
    ...routes.giftPrizes,
    summary: 'My prizes from gift cards and the lottery (the gift list)',
    tags: ['gift-cards'],
    response: ZGiftPrizes,
  },
  giftPrize: {
    ...routes.giftPrize,
    summary: 'One prize of my gift list',
    tags: ['gift-cards'],
    params: ZGiftPrizeParams,
    response: ZGiftPrize,
  },
  giftPrizeAddress: {
    ...routes.giftPrizeAddress,
    summary: "Where a physical prize goes: one of the family's addresses (points-mall book)",
    tags: ['gift-cards'],
    body: ZGiftPrizeAddressBody,
    response: ZGiftPrize,
  },
} as const satisfies AreaEndpoints;
