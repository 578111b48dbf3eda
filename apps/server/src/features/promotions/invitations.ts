import type { TBringsNew, TGenQrcode } from '@picbook/contracts';
import { ErrorCode } from '@picbook/contracts';
import { INVITE_PROMOTIONS, type InvitePromotion } from '@picbook/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { giftCards, promoInvites, users } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { presentProduct } from '../gift-cards/gift-card.presenter';
import { ensureInviteCode } from '../user/invite-code';

function promotionOf(name: string): InvitePromotion {
  const promotion = Object.hasOwn(INVITE_PROMOTIONS, name) ? INVITE_PROMOTIONS[name] : undefined;
  if (!promotion) throw new AppError(ErrorCode.InvalidParams, '活动不存在', { field: 'promotion' });
  return promotion;
}

/** Where the QR code leads: the app with the invite code filled in on the phone login. */
export const inviteLanding = (origin: string, code: string, promotion: string) =>
  `${origin}/library?inv=${encodeURIComponent(code)}&promo=${encodeURIComponent(promotion)}`;

/**
 * Credits the inviter once per new family (decision 053): every registered family that signed
 * up with the inviter's code and has no credit yet gives one held reward card (status 0, to
 * activate). The invitee is unique in promo_invites, so a family credits exactly one inviter,
 * once, also when two requests race.
 */
export async function creditInvitations(deps: AppDeps, inviterId: number, promotion = 'vip_card') {
  const reward = promotionOf(promotion);
  const pending = await deps.db
    .select({ id: users.id })
    .from(users)
    .leftJoin(promoInvites, eq(promoInvites.inviteeId, users.id))
    .where(and(eq(users.invitedBy, inviterId), eq(users.isGuest, false), isNull(promoInvites.id)))
    .limit(100);
  for (const invitee of pending) {
    await deps.db.transaction(async (tx) => {
      const [credit] = await tx
        .insert(promoInvites)
        .values({ inviterId, inviteeId: invitee.id, promotion, createdAt: deps.clock.now() })
        .onConflictDoNothing({ target: promoInvites.inviteeId })
        .returning({ id: promoInvites.id });
      if (!credit) return;
      const [card] = await tx
        .insert(giftCards)
        .values({ product: reward.product, source: 'invite', userId: inviterId, status: 0 })
        .returning({ id: giftCards.id });
      await tx
        .update(promoInvites)
        .set({ cardId: card?.id ?? null })
        .where(eq(promoInvites.id, credit.id));
    });
  }
}

/** GET promo/brings_new: my invitation link, the families it brought and the cards they gave. */
export async function bringsNew(
  deps: AppDeps,
  userId: number,
  promotion: string,
  origin: string,
): Promise<TBringsNew> {
  const reward = promotionOf(promotion);
  await creditInvitations(deps, userId, promotion);
  const code = await ensureInviteCode(deps, userId);
  const [invited] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.invitedBy, userId), eq(users.isGuest, false)));
  const [rewarded] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(promoInvites)
    .where(and(eq(promoInvites.inviterId, userId), eq(promoInvites.promotion, promotion)));
  return {
    promotion,
    invite_code: code,
    invite_url: inviteLanding(origin, code, promotion),
    invited: invited?.n ?? 0,
    rewarded: rewarded?.n ?? 0,
    reward: presentProduct(reward.product),
  };
}

/** GET gen_qrcode: the invitation's QR code (the maintained `qrcode` library) as an SVG. */
export async function genQrcode(
  deps: AppDeps,
  userId: number,
  promo: string,
  origin: string,
): Promise<TGenQrcode> {
  promotionOf(promo);
  const url = inviteLanding(origin, await ensureInviteCode(deps, userId), promo);
  const svg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return {
    promo,
    url,
    qrcode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}
