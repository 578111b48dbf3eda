import { ErrorCode } from '@picbook/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { requireMember } from '../../platform/auth/require-member';
import type { Tx } from '../../platform/db/client';
import { isCheckViolation } from '../../platform/db/errors';
import { lotteryChanceGrants, lotteryPlayers } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { postInTransaction, readBalances } from '../../platform/ledger/ledger';
import { chinaDay } from '../../platform/time';
import { findTaskSource } from '../missions';
import { createLotteryQueries } from './lottery.queries';
import { findLotteryOrFail, isRunning, presentMethods, requireRunning } from './lottery-info';

/**
 * The player's row, locked: chances of one family on one wheel are granted and spent one request
 * at a time (locks: the player row, then the balance row — the draw keeps the same order).
 */
async function lockPlayer(tx: Tx, userId: number, lotteryId: number) {
  await tx.insert(lotteryPlayers).values({ userId, lotteryId }).onConflictDoNothing();
  await tx
    .select()
    .from(lotteryPlayers)
    .where(and(eq(lotteryPlayers.userId, userId), eq(lotteryPlayers.lotteryId, lotteryId)))
    .for('update');
}

async function addChances(tx: Tx, userId: number, lotteryId: number, chances: number) {
  await tx
    .update(lotteryPlayers)
    .set({ granted: sql`${lotteryPlayers.granted} + ${chances}` })
    .where(and(eq(lotteryPlayers.userId, userId), eq(lotteryPlayers.lotteryId, lotteryId)));
}

/** Inserts a grant; false when the same key was granted before. */
async function insertGrant(
  tx: Tx,
  row: {
    userId: number;
    lotteryId: number;
    key: string;
    method: string;
    day: string;
    chances: number;
    now: Date;
  },
): Promise<boolean> {
  const inserted = await tx
    .insert(lotteryChanceGrants)
    .values({ ...row, createdAt: row.now })
    .onConflictDoNothing()
    .returning({ key: lotteryChanceGrants.key });
  return inserted.length > 0;
}

/** POST lottery/get_reward: today's free chances (the daily benefit), once per China day. */
export async function collectDailyBenefit(deps: AppDeps, userId: number, lotteryId: number) {
  await requireMember(deps.db, userId);
  const lottery = await findLotteryOrFail(deps.db, lotteryId);
  const now = deps.clock.now();
  requireRunning(lottery, now);
  const { day } = chinaDay(now);
  const granted = await deps.db.transaction(async (tx) => {
    await lockPlayer(tx, userId, lotteryId);
    const fresh = await insertGrant(tx, {
      userId,
      lotteryId,
      key: `daily:${day}`,
      method: 'daily',
      day,
      chances: lottery.dailyChances,
      now,
    });
    if (fresh) await addChances(tx, userId, lotteryId, lottery.dailyChances);
    return fresh;
  });
  if (!granted) throw new AppError(ErrorCode.AlreadyReceived, '今天的免费抽奖机会已经领过啦');
  return {
    chances_count: await createLotteryQueries(deps.db).chances(userId, lotteryId),
    daily_benefit: { chances: lottery.dailyChances, status: 1 },
  };
}

/**
 * POST lottery/apply_chance: an extra chance by sharing, by having read a book today, or for
 * points — each up to its daily limit, counted under the player's lock.
 */
export async function applyChance(
  deps: AppDeps,
  userId: number,
  lotteryId: number,
  method: string,
) {
  await requireMember(deps.db, userId);
  const lottery = await findLotteryOrFail(deps.db, lotteryId);
  const now = deps.clock.now();
  requireRunning(lottery, now);
  const config = lottery.applyMethods.find((m) => m.method === method);
  if (!config) throw new AppError(ErrorCode.NotAllowed, '这个活动不支持这种方式');
  const day = chinaDay(now);
  if (method === 'read') {
    const read = (await findTaskSource('read_daily')?.count(deps.db, userId, day)) ?? 0;
    if (read === 0) throw new AppError(ErrorCode.NotAllowed, '今天还没有读绘本哦，读一本再来领吧');
  }
  const cost = method === 'points' ? (config.cost ?? 0) : 0;
  if (cost > 0 && (await readBalances(deps.db, userId)).points < cost) {
    throw new AppError(ErrorCode.PointsInsufficient, '积分不足，快去做任务赚积分吧');
  }
  try {
    await deps.db.transaction(async (tx) => {
      await lockPlayer(tx, userId, lotteryId);
      const used =
        (await createLotteryQueries(tx).grantsOfDay(userId, lotteryId, day.day)).get(method) ?? 0;
      if (used >= config.daily_limit) {
        throw new AppError(ErrorCode.NotAllowed, '今天的次数用完啦，明天再来吧');
      }
      const key = `${method}:${day.day}:${used + 1}`;
      const fresh = await insertGrant(tx, {
        userId,
        lotteryId,
        key,
        method,
        day: day.day,
        chances: config.chances,
        now,
      });
      if (!fresh) throw new AppError(ErrorCode.NotAllowed, '今天的次数用完啦，明天再来吧');
      if (cost > 0) {
        await postInTransaction(tx, {
          userId,
          idempotencyKey: `lottery-chance:${userId}:${lotteryId}:${key}`,
          reason: `lottery-chance:${lotteryId}`,
          lines: [{ currency: 'points', delta: -cost }],
        });
      }
      await addChances(tx, userId, lotteryId, config.chances);
    });
  } catch (error) {
    if (isCheckViolation(error)) {
      throw new AppError(ErrorCode.PointsInsufficient, '积分不足，快去做任务赚积分吧');
    }
    throw error;
  }
  const q = createLotteryQueries(deps.db);
  const [chances, grants, balances] = await Promise.all([
    q.chances(userId, lotteryId),
    q.grantsOfDay(userId, lotteryId, day.day),
    readBalances(deps.db, userId),
  ]);
  return {
    chances_count: chances,
    apply_methods: presentMethods(lottery.applyMethods, grants, isRunning(lottery, now)),
    points: balances.points,
  };
}
