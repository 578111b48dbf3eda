import { z } from 'zod';
import type { AreaEndpoints } from './endpoint-def';
import { ZGiftProduct } from './gift-cards';
import { routes } from './routes';

/**
 * Promotions: lifelong-VIP offers claimed with an SMS code or a tokenised link, and invitations
 * that bring new families (learning-content §2, §3, §4, §7, §8; decisions 051–053). What they
 * give is a gift-card product (gift-cards.ts). Times are Unix seconds.
 */

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

/** The endpoint table's entries of this area (endpoints.ts assembles the areas). */
export const promotionsEndpoints = {
  lifelongStatus: {
    ...routes.lifelongStatus,
    summary: 'Lifelong-VIP promotion status (0, 1 first promo, 2 lottery exchange) and offer',
    tags: ['promotions'],
    query: ZLifelongStatusQuery,
    response: ZLifelongStatus,
  },
  lifelongTransform: {
    ...routes.lifelongTransform,
    summary: 'Claim a lifelong-VIP promotion with the SMS code (11101 / 11102 on a bad code)',
    tags: ['promotions'],
    body: ZLifelongTransformBody,
    response: ZLifelongResult,
  },
  lifelongLink: {
    ...routes.lifelongLink,
    summary: 'The offer behind a tokenised promotion link',
    tags: ['promotions'],
    params: ZLifelongLinkParams,
    response: ZLifelongLink,
  },
  lifelongLinkClaim: {
    ...routes.lifelongLinkClaim,
    summary: 'Claim the offer of a promotion link with phone and SMS code (the link is used once)',
    tags: ['promotions'],
    params: ZLifelongLinkParams,
    body: ZLifelongLinkBody,
    response: ZLifelongResult,
  },
  bringsNew: {
    ...routes.bringsNew,
    summary: 'My invitation: landing link, families brought, reward cards credited',
    tags: ['promotions'],
    query: ZBringsNewQuery,
    response: ZBringsNew,
  },
  genQrcode: {
    ...routes.genQrcode,
    summary: 'The invitation QR code (SVG) for a promotion, default a VIP gift card',
    tags: ['promotions'],
    query: ZGenQrcodeQuery,
    response: ZGenQrcode,
  },
} as const satisfies AreaEndpoints;
