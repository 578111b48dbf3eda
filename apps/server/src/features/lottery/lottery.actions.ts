import { and, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { lotteryPrizes } from '../../platform/db/schema';
import { invalidParams } from '../../platform/errors';
import { nonZeroDelta } from '../../platform/ops/inputs';
import { defineOperatorAction } from '../../platform/ops/operator-action';
import { createLotteryQueries } from './lottery.queries';
import { saveLottery, savePrize, ZLotteryInput, ZPrizeInput } from './lottery-admin';

export const saveLotteryAction = defineOperatorAction({
  name: 'lottery.save',
  summary: 'Create or change a lucky wheel: title, published rules, dates, daily and extra chances',
  roles: ['commerce'],
  input: ZLotteryInput,
  async run({ tx, input, now }) {
    const before = input.id ? await createLotteryQueries(tx).findLottery(input.id) : null;
    const id = await saveLottery(tx, input, now);
    return { result: { id }, target: `lottery:${id}`, before, after: input };
  },
});

export const savePrizeAction = defineOperatorAction({
  name: 'lottery.savePrize',
  summary: "Create or change a wheel's prize: kind, amount, weight (stock when created)",
  roles: ['commerce'],
  input: ZPrizeInput,
  async run({ tx, input }) {
    const before = input.id
      ? ((await tx.select().from(lotteryPrizes).where(eq(lotteryPrizes.id, input.id)))[0] ?? null)
      : null;
    const id = await savePrize(tx, input);
    return { result: { id }, target: `lottery_prize:${id}`, before, after: input };
  },
});

/** Adds to or takes from a limited prize's stock without racing the draws. */
export const adjustPrizeStockAction = defineOperatorAction({
  name: 'lottery.adjustPrizeStock',
  summary: "Add to (or take from) a limited prize's stock",
  roles: ['commerce'],
  input: z.object({
    prize_id: z.number().int().positive(),
    delta: nonZeroDelta(1_000_000),
  }),
  async run({ tx, input }) {
    const [row] = await tx
      .update(lotteryPrizes)
      .set({ stock: sql`${lotteryPrizes.stock} + ${input.delta}` })
      .where(
        and(
          eq(lotteryPrizes.id, input.prize_id),
          isNotNull(lotteryPrizes.stock),
          gte(sql`${lotteryPrizes.stock} + ${input.delta}`, 0),
        ),
      )
      .returning({ stock: lotteryPrizes.stock });
    if (!row || row.stock === null) {
      throw invalidParams('delta', '奖品不存在、不限量，或库存不能小于0');
    }
    return {
      result: { prize_id: input.prize_id, stock: row.stock },
      target: `lottery_prize:${input.prize_id}`,
      before: { stock: row.stock - input.delta },
      after: { stock: row.stock },
    };
  },
});

export const lotteryActions = [saveLotteryAction, savePrizeAction, adjustPrizeStockAction];
