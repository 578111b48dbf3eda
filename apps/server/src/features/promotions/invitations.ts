import { randomInt } from 'node:crypto';
import { ErrorCode, type TBringsNew, type TGenQrcode, type TPointsTask } from '@picbook/contracts';
import { INVITE_PROMOTIONS, type InvitePromotion } from '@picbook/domain';
import type { FastifyBaseLogger } from 'fastify';
import QRCode from 'qrcode';
import { requireMember } from '../../platform/auth/require-member';
import { isUniqueViolation } from '../../platform/db/errors';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { unixSeconds } from '../../platform/time';
import { presentProduct } from '../gift-cards';
import { listTasks } from '../points';
import { loadWorkUsers } from '../works';
import { createInvitationQueries } from './invitations.queries';

/**
 * Invitations, all of them: a family's invite code, the friends who registered with it (the
 * points page's list and ranking; the points task `invite` counts them) and the invite
 * promotions' reward cards and landing link (decision 053).
 */

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Spec: invite codes are 4 letters or digits; ambiguous ones (0/O, 1/I) are left out. */
function randomCode(): string {
  let code = '';
  for (let i = 0; i < 4; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** The user's own invite code, made on first request (retrying on the rare collision). */
export async function ensureInviteCode(deps: AppDeps, userId: number): Promise<string> {
  const q = createInvitationQueries(deps.db);
  const code = await q.inviteCodeOf(userId);
  if (code) return code;
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      const claimed = await q.claimInviteCode(userId, randomCode());
      if (claimed) return claimed;
      const again = await q.inviteCodeOf(userId);
      if (again) return again;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('no free invite code after 20 attempts');
}

/** At most this many invitees are listed (the count is exact). */
const INVITEES_SHOWN = 100;

/**
 * GET invitation/invitees: my invite code and the friends who registered with it, shown like
 * rankings show children (nickname and avatar only).
 */
export async function listInvitees(deps: AppDeps, log: FastifyBaseLogger, userId: number) {
  await requireMember(deps.db, userId);
  const q = createInvitationQueries(deps.db);
  const [code, rows, count, tasks] = await Promise.all([
    ensureInviteCode(deps, userId),
    q.listInvitees(userId, INVITEES_SHOWN),
    q.countInvitees(userId),
    listTasks(deps, log, userId),
  ]);
  const people = await loadWorkUsers(
    deps.db,
    log,
    rows.map((r) => r.id),
  );
  const invite = tasks.find((t: TPointsTask) => t.id === 'invite');
  return {
    invite_code: code,
    points_per_invite: invite?.points ?? 0,
    total: count,
    list: rows.map((r) => ({
      nickname: people.get(r.id)?.nickname || '新朋友',
      avatar: people.get(r.id)?.avatar ?? '',
      time: unixSeconds(r.createdAt),
    })),
  };
}

/**
 * GET invitation/ranks: who brought most registered friends (ties: who reached the count first,
 * then the lower id), the first `rankLen`, and my place.
 */
export async function inviteRanks(
  deps: AppDeps,
  log: FastifyBaseLogger,
  userId: number,
  rankLen: number,
) {
  if (rankLen < 1) throw new AppError(ErrorCode.InvalidParams, 'rank_len 至少为1');
  const q = createInvitationQueries(deps.db);
  const top = await q.topInviters(rankLen);
  const mine = await q.countInvitees(userId);
  let rank: number | null = null;
  if (mine > 0) {
    const listed = top.findIndex((r) => r.inviter === userId);
    if (listed >= 0) rank = listed + 1;
    else rank = (await q.invitersAbove(mine)) + 1;
  }
  const people = await loadWorkUsers(
    deps.db,
    log,
    top.map((r) => r.inviter ?? 0),
  );
  return {
    list: top.map((r, i) => ({
      rank: i + 1,
      nickname: people.get(r.inviter ?? 0)?.nickname || '绘本岛家长',
      avatar: people.get(r.inviter ?? 0)?.avatar ?? '',
      count: r.count,
      is_me: r.inviter === userId,
    })),
    mine: { rank, count: mine },
  };
}

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
  const pending = await createInvitationQueries(deps.db).uncreditedInvitees(inviterId);
  for (const invitee of pending) {
    await deps.db.transaction((tx) =>
      createInvitationQueries(tx).creditOnce({
        inviterId,
        inviteeId: invitee.id,
        promotion,
        product: reward.product,
        now: deps.clock.now(),
      }),
    );
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
  const q = createInvitationQueries(deps.db);
  const invited = await q.countInvitees(userId);
  const rewarded = await q.countRewarded(userId, promotion);
  return {
    promotion,
    invite_code: code,
    invite_url: inviteLanding(origin, code, promotion),
    invited,
    rewarded,
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
