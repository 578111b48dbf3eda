import { ErrorCode, type TShareResult } from '@picbook/contracts';
import { and, count, eq } from 'drizzle-orm';
import { shares } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { LimitRule } from '../../platform/rate-limit/rate-limiter';
import { chinaDate } from '../../platform/time';

/** A family shares a few times a day; this keeps a script from filling the table (decision 025). */
export const SHARE_RULES = [
  { limit: 30, windowMs: 60_000 },
  { limit: 200, windowMs: 86_400_000 },
] as const satisfies readonly LimitRule[];

/**
 * POST /api/v1/share: records a share (key names what was shared, detail what the screen adds)
 * for the rewards and missions that count shares; answers the user's shares today.
 */
export async function recordShare(
  deps: AppDeps,
  userId: number,
  body: { key: string; detail?: unknown },
): Promise<TShareResult> {
  const now = deps.clock.now();
  const limit = await deps.rateLimiter.hit(`share:${userId}`, SHARE_RULES, now.getTime());
  if (!limit.allowed) {
    throw new AppError(ErrorCode.TooManyRequests, undefined, {
      data: { retry_after: Math.ceil(limit.retryAfterMs / 1000) },
    });
  }
  const day = chinaDate(now);
  const [row] = await deps.db
    .insert(shares)
    .values({ userId, key: body.key, detail: body.detail ?? null, day, createdAt: now })
    .returning({ id: shares.id });
  if (!row) throw new Error('share not recorded');
  const [today] = await deps.db
    .select({ n: count() })
    .from(shares)
    .where(and(eq(shares.userId, userId), eq(shares.day, day)));
  return { id: row.id, shares_today: today?.n ?? 0 };
}
