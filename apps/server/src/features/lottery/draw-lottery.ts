import { randomInt } from 'node:crypto';
import { ErrorCode, type TLotteryDraw } from '@picbook/contracts';
import { pickWeighted } from '@picbook/domain';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { requireMember } from '../../platform/auth/require-member';
import type { Tx } from '../../platform/db/client';
import { isUniqueViolation } from '../../platform/db/errors';
import { lotteryDraws, lotteryPlayers, lotteryPrizes } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { postInTransaction, readBalances } from '../../platform/ledger/ledger';
import { grantRight } from '../rights';
import { createLotteryQueries, type DrawRow, type PrizeRow } from './lottery.queries';
import { findLotteryOrFail, requireRunning } from './lottery-info';

/** Uniform integer in 0…max−1 from the operating system's cryptographic source. */
const secureRandomInt = (max: number): number => randomInt(max);

async function answer(
  deps: AppDeps,
  draw: DrawRow,
  prizes: readonly PrizeRow[],
): Promise<TLotteryDraw> {
  const q = createLotteryQueries(deps.db);
  const [chances, balances] = await Promise.all([
    q.chances(draw.userId, draw.lotteryId),
    readBalances(deps.db, draw.userId),
  ]);
  return {
    draw_id: draw.id,
    index: prizes.findIndex((p) => p.id === draw.prizeId),
    award: {
      id: draw.prizeId,
      name: draw.name,
      image: draw.image,
      kind: draw.kind as TLotteryDraw['award']['kind'],
      amount: draw.amount,
    },
    chances_count: chances,
    points: balances.points,
  };
}

/**
 * POST /api/v1/lottery: one spin. In one transaction: a chance is spent by a conditional update
 * (used < granted — 50 spins with 5 chances spend 5), the server draws from the operators'
 * weights with a cryptographic random source, a limited prize is taken by a conditional update
 * (stock > 0: a sold-out prize is never won; if it sold out meanwhile the draw repeats without
 * it), and the prize is granted under the draw's own ledger key. Locks: the player row, the
 * prize row, then the balance row. A retried request id answers the same draw.
 */
export async function drawLottery(
  deps: AppDeps,
  userId: number,
  input: { lotteryId: number; requestId?: string | undefined },
  random: (max: number) => number = secureRandomInt,
): Promise<TLotteryDraw> {
  const { lotteryId, requestId } = input;
  await requireMember(deps.db, userId);
  const lottery = await findLotteryOrFail(deps.db, lotteryId);
  const now = deps.clock.now();
  requireRunning(lottery, now);
  const q = createLotteryQueries(deps.db);
  const prizes = await q.prizes(lotteryId);
  if (requestId) {
    const earlier = await q.findDrawByRequest(userId, lotteryId, requestId);
    if (earlier) return answer(deps, earlier, prizes);
  }
  try {
    const draw = await deps.db.transaction(async (tx) => {
      const spent = await tx
        .update(lotteryPlayers)
        .set({ used: sql`${lotteryPlayers.used} + 1` })
        .where(
          and(
            eq(lotteryPlayers.userId, userId),
            eq(lotteryPlayers.lotteryId, lotteryId),
            lt(lotteryPlayers.used, lotteryPlayers.granted),
          ),
        )
        .returning({ used: lotteryPlayers.used });
      if (spent.length === 0) {
        throw new AppError(ErrorCode.NotAllowed, '抽奖机会用完啦，做任务可以再得机会哦');
      }
      const prize = await takePrize(tx, prizes, random);
      const [created] = await tx
        .insert(lotteryDraws)
        .values({
          userId,
          lotteryId,
          prizeId: prize.id,
          name: prize.name,
          image: prize.image,
          kind: prize.kind,
          amount: prize.amount,
          requestId: requestId ?? null,
          createdAt: now,
        })
        .returning();
      if (!created) throw new Error('draw not written');
      await grantPrize(tx, created, now);
      return created;
    });
    return answer(deps, draw, prizes);
  } catch (error) {
    if (requestId && isUniqueViolation(error)) {
      const earlier = await q.findDrawByRequest(userId, lotteryId, requestId);
      if (earlier) return answer(deps, earlier, prizes);
    }
    throw error;
  }
}

/** Draws a prize; a limited one is taken only while stock is left. */
async function takePrize(
  tx: Tx,
  prizes: readonly PrizeRow[],
  random: (max: number) => number,
): Promise<PrizeRow> {
  const candidates = prizes.map((p) => ({ weight: p.weight, stock: p.stock }));
  for (let attempt = 0; attempt <= prizes.length; attempt++) {
    const index = pickWeighted(candidates, random);
    const prize = index === null ? undefined : prizes[index];
    if (index === null || !prize) break;
    if (prize.stock === null) return prize;
    const taken = await tx
      .update(lotteryPrizes)
      .set({ stock: sql`${lotteryPrizes.stock} - 1` })
      .where(and(eq(lotteryPrizes.id, prize.id), gt(lotteryPrizes.stock, 0)))
      .returning({ id: lotteryPrizes.id });
    if (taken.length > 0) return prize;
    // Sold out since we read the list: draw again without it.
    const candidate = candidates[index];
    if (candidate) candidate.stock = 0;
  }
  throw new AppError(ErrorCode.NotAllowed, '奖品都被抽完啦，下次早点来哦');
}

async function grantPrize(tx: Tx, draw: DrawRow, now: Date): Promise<void> {
  if (draw.amount <= 0) return;
  if (draw.kind === 'points' || draw.kind === 'coins') {
    await postInTransaction(tx, {
      userId: draw.userId,
      idempotencyKey: `lottery-prize:${draw.id}`,
      reason: `lottery-prize:${draw.lotteryId}`,
      lines: [{ currency: draw.kind, delta: draw.amount }],
    });
  } else if (draw.kind === 'vip') {
    await grantRight(tx, {
      userId: draw.userId,
      name: 'vip',
      days: draw.amount,
      source: `lottery:${draw.id}`,
      idempotencyKey: `lottery-prize:${draw.id}`,
      now,
    });
  }
}
