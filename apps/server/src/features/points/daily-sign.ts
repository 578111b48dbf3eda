import { ErrorCode, type TDailySign } from '@picbook/contracts';
import { nextStreak, previousDay, shiftDay, signInPoints, weekDayOfStreak } from '@picbook/domain';
import { and, desc, eq, gte, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { requireMember } from '../../platform/auth/require-member';
import type { DbOrTx } from '../../platform/db/client';
import { pointsSignIns } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { postInTransaction, readBalances } from '../../platform/ledger/ledger';
import { chinaDate } from '../../platform/time';
import { loadConfigs } from '../configs';

async function lastSignInBefore(db: DbOrTx, userId: number, day: string) {
  const rows = await db
    .select()
    .from(pointsSignIns)
    .where(and(eq(pointsSignIns.userId, userId), lt(pointsSignIns.day, day)))
    .orderBy(desc(pointsSignIns.day))
    .limit(1);
  return rows[0] ?? null;
}

/** The sign-in week as the family sees it: the cycle that holds today's sign-in. */
async function signState(
  db: DbOrTx,
  userId: number,
  today: string,
  schedule: readonly number[],
  earned: number,
): Promise<TDailySign> {
  const rows = await db
    .select()
    .from(pointsSignIns)
    .where(and(eq(pointsSignIns.userId, userId), gte(pointsSignIns.day, previousDay(today))))
    .orderBy(desc(pointsSignIns.day));
  const todayRow = rows.find((r) => r.day === today) ?? null;
  const yesterday = rows.find((r) => r.day === previousDay(today)) ?? null;
  const streak = todayRow?.streak ?? yesterday?.streak ?? 0;
  const todayStreak = todayRow?.streak ?? streak + 1;
  const position = weekDayOfStreak(todayStreak, schedule.length);
  const start = shiftDay(today, -(position - 1));
  const balances = await readBalances(db, userId);
  return {
    signed_today: todayRow ? 1 : 0,
    streak,
    today_points: todayRow?.points ?? signInPoints(todayStreak, schedule),
    days: schedule.map((points, i) => ({
      day: i + 1,
      date: shiftDay(start, i),
      points,
      signed: i + 1 < position || (i + 1 === position && todayRow) ? 1 : 0,
      is_today: i + 1 === position,
    })),
    earned,
    points: balances.points,
  };
}

const scheduleOf = async (deps: AppDeps, log: FastifyBaseLogger) =>
  (await loadConfigs(deps.db, log)).points_rules.sign_in;

/** GET missions/daily_sign. */
export async function signInDetail(
  deps: AppDeps,
  log: FastifyBaseLogger,
  userId: number,
): Promise<TDailySign> {
  const today = chinaDate(deps.clock.now());
  return signState(deps.db, userId, today, await scheduleOf(deps, log), 0);
}

/**
 * POST missions/daily_sign: once per China day. The day's row is inserted with ON CONFLICT DO
 * NOTHING — of two sign-ins at once, the second waits for the first and inserts nothing (10104)
 * — and pays the streak day's points on the ledger in the same transaction (its key the last
 * guard).
 */
export async function signIn(
  deps: AppDeps,
  log: FastifyBaseLogger,
  userId: number,
): Promise<TDailySign> {
  await requireMember(deps.db, userId);
  const now = deps.clock.now();
  const today = chinaDate(now);
  const schedule = await scheduleOf(deps, log);
  const earned = await deps.db.transaction(async (tx) => {
    const last = await lastSignInBefore(tx, userId, today);
    const streak = nextStreak(last, today);
    const points = signInPoints(streak, schedule);
    const inserted = await tx
      .insert(pointsSignIns)
      .values({ userId, day: today, streak, points, createdAt: now })
      .onConflictDoNothing()
      .returning({ day: pointsSignIns.day });
    if (inserted.length === 0) return null;
    await postInTransaction(tx, {
      userId,
      idempotencyKey: `points-sign:${userId}:${today}`,
      reason: `points-sign:${today}`,
      lines: [{ currency: 'points', delta: points }],
    });
    return points;
  });
  if (earned === null)
    throw new AppError(ErrorCode.AlreadyReceived, '今天已经签到过啦，明天再来吧');
  return signState(deps.db, userId, today, schedule, earned);
}
