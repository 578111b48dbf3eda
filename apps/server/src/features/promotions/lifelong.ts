import { createHash } from 'node:crypto';
import {
  ErrorCode,
  type TLifelongLink,
  type TLifelongOffer,
  type TLifelongResult,
  type TLifelongStatus,
} from '@picbook/contracts';
import { lifelongOfferState, type RightName } from '@picbook/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { requireMember } from '../../platform/auth/require-member';
import { isUniqueViolation } from '../../platform/db/errors';
import { lifelongClaims, lifelongPromos, lifelongTokens } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { unixSeconds } from '../../platform/time';
import { checkSmsCode } from '../auth';
import { presentProduct } from '../gift-cards';
import { grantRight } from '../rights';

type PromoRow = typeof lifelongPromos.$inferSelect;

export const hashToken = (token: string): string =>
  createHash('sha256').update(`picbook-lifelong:${token}`).digest('hex');
const hashPhone = (nationCode: string, phone: string): string =>
  createHash('sha256').update(`picbook-phone:${nationCode}:${phone}`).digest('hex');

const LOGIN_FIRST = '请先登录，再参加活动';

async function findPromo(deps: AppDeps, code: string): Promise<PromoRow | null> {
  const [row] = await deps.db.select().from(lifelongPromos).where(eq(lifelongPromos.code, code));
  return row ?? null;
}

/** §3: 0, 1 after the first promo, 2 after the lottery exchange — the highest status claimed. */
async function familyState(deps: AppDeps, userId: number) {
  const rows = await deps.db
    .select({ promo: lifelongClaims.promo, status: lifelongClaims.status })
    .from(lifelongClaims)
    .where(eq(lifelongClaims.userId, userId));
  return {
    status: rows.reduce((max, r) => Math.max(max, r.status), 0),
    claimed: new Set(rows.map((r) => r.promo)),
  };
}

function presentOffer(
  promo: PromoRow,
  state: { status: number; claimed: Set<string> },
  now: Date,
  viaLink: boolean,
): TLifelongOffer {
  const verdict = lifelongOfferState(
    {
      startsAt: promo.startsAt,
      endsAt: promo.endsAt,
      requiresStatus: promo.requiresStatus,
      statusAfter: promo.statusAfter,
      tokenOnly: promo.tokenOnly === 1,
    },
    { status: state.status, claimed: state.claimed.has(promo.code), viaLink },
    now,
  );
  return {
    promo: promo.code,
    title: promo.title,
    description: promo.description,
    product: presentProduct({
      kind: 'right',
      right: promo.right,
      days: promo.days ?? 'life',
    }),
    start_time: unixSeconds(promo.startsAt),
    end_time: unixSeconds(promo.endsAt),
    available: verdict.available,
    reason: verdict.reason,
  };
}

/** GET act/lifelong/status: the family's status and the offer of this promotion. */
export async function lifelongStatus(
  deps: AppDeps,
  userId: number,
  code: string,
): Promise<TLifelongStatus> {
  const [promo, state] = await Promise.all([findPromo(deps, code), familyState(deps, userId)]);
  return {
    status: state.status,
    offer: promo ? presentOffer(promo, state, deps.clock.now(), false) : null,
  };
}

interface ClaimInput {
  userId: number;
  promo: string;
  nationCode: string;
  phone: string;
  pin: string;
  missionType?: string;
  /** A promotion link's token (POST {token}). */
  token?: string;
}

/**
 * Claims a promotion (decision 052): open, allowed for this family's status, the SMS code right
 * (11101 expired → invalidSmsPIN, 11102 wrong → errorSmsPIN), once per family and per phone, a
 * link used once. The right is granted through grantRight with a key per family and promotion.
 */
export async function claimLifelong(deps: AppDeps, input: ClaimInput): Promise<TLifelongResult> {
  await requireMember(deps.db, input.userId, LOGIN_FIRST);
  const promo = await findPromo(deps, input.promo);
  if (!promo) throw new AppError(ErrorCode.PromoUnavailable);
  const state = await familyState(deps, input.userId);
  const offer = presentOffer(promo, state, deps.clock.now(), input.token !== undefined);
  if (!offer.available) {
    throw new AppError(
      offer.reason === 'claimed' ? ErrorCode.PromoClaimed : ErrorCode.PromoUnavailable,
      offer.reason === 'claimed' ? undefined : offer.reason,
    );
  }
  const code = await checkSmsCode(deps, {
    nationCode: input.nationCode,
    mobile: input.phone,
    action: 'lifelong',
    pin: input.pin,
  });
  const now = deps.clock.now();
  try {
    const result = await deps.db.transaction(async (tx) => {
      let tokenId: number | null = null;
      if (input.token !== undefined) {
        const [used] = await tx
          .update(lifelongTokens)
          .set({ usedBy: input.userId, usedAt: now })
          .where(
            and(
              eq(lifelongTokens.tokenHash, hashToken(input.token)),
              eq(lifelongTokens.promo, promo.code),
              isNull(lifelongTokens.usedBy),
            ),
          )
          .returning({ id: lifelongTokens.id, expiresAt: lifelongTokens.expiresAt });
        if (!used || used.expiresAt.getTime() <= now.getTime()) {
          throw new AppError(ErrorCode.PromoUnavailable, '链接已使用或已过期');
        }
        tokenId = used.id;
      }
      await tx.insert(lifelongClaims).values({
        userId: input.userId,
        promo: promo.code,
        phoneHash: hashPhone(input.nationCode, input.phone),
        status: promo.statusAfter,
        missionType: input.missionType ?? null,
        tokenId,
        createdAt: now,
      });
      const granted = await grantRight(tx, {
        userId: input.userId,
        name: promo.right as RightName,
        days: promo.days ?? 'life',
        source: `lifelong:${promo.code}`,
        idempotencyKey: `lifelong:${promo.code}:${input.userId}`,
        now,
      });
      return {
        status: Math.max(promo.statusAfter, state.status),
        right_name: promo.right,
        expire_time: unixSeconds(granted.expireAt),
      };
    });
    await code.consume();
    return result;
  } catch (error) {
    // Unique (family, promo) or (phone, promo): claimed already, also by a racing request.
    if (isUniqueViolation(error)) throw new AppError(ErrorCode.PromoClaimed);
    throw error;
  }
}

/** GET {token}: the offer behind a link, and whether the link is still good. */
export async function lifelongLink(
  deps: AppDeps,
  userId: number | null,
  token: string,
): Promise<TLifelongLink> {
  const [row] = await deps.db
    .select()
    .from(lifelongTokens)
    .where(eq(lifelongTokens.tokenHash, hashToken(token)));
  if (!row) return { offer: null, link: 'unknown' };
  const promo = await findPromo(deps, row.promo);
  const now = deps.clock.now();
  const state = userId
    ? await familyState(deps, userId)
    : { status: 0, claimed: new Set<string>() };
  return {
    offer: promo ? presentOffer(promo, state, now, true) : null,
    link: row.usedBy ? 'used' : row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'ok',
  };
}
