import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../platform/db/client';
import { lotteries, lotteryPrizes } from '../../platform/db/schema';
import { invalidParams } from '../../platform/errors';

const image = z
  .string()
  .regex(/^(\/media\/|https:\/\/)\S+$/, 'image 应为 /media/… 或 https:// 地址');

export const ZLotteryInput = z
  .object({
    id: z.number().int().positive().optional(),
    title: z.string().trim().min(1).max(40),
    /** Published with the odds: how to take part, how prizes are delivered, the organiser. */
    rules: z.string().trim().min(1).max(4000),
    /** Unix seconds. */
    start_at: z.number().int().positive(),
    end_at: z.number().int().positive(),
    status: z.union([z.literal(0), z.literal(1)]).default(1),
    daily_chances: z.number().int().min(0).max(10).default(1),
    apply_methods: z
      .array(
        z.object({
          method: z.enum(['share', 'read', 'points']),
          chances: z.number().int().min(1).max(10),
          daily_limit: z.number().int().min(1).max(20),
          cost: z.number().int().min(1).max(100_000).optional(),
        }),
      )
      .max(3)
      .default([]),
  })
  .superRefine((l, ctx) => {
    if (l.end_at <= l.start_at) {
      ctx.addIssue({ code: 'custom', path: ['end_at'], message: '结束时间应晚于开始时间' });
    }
    l.apply_methods.forEach((m, i) => {
      if (m.method === 'points' && !m.cost) {
        ctx.addIssue({
          code: 'custom',
          path: ['apply_methods', i, 'cost'],
          message: '积分兑换需要设置积分',
        });
      }
    });
    const methods = l.apply_methods.map((m) => m.method);
    if (new Set(methods).size !== methods.length) {
      ctx.addIssue({ code: 'custom', path: ['apply_methods'], message: '每种方式只能设置一次' });
    }
  });
export type LotteryInput = z.infer<typeof ZLotteryInput>;

export async function saveLottery(tx: Tx, input: LotteryInput, now: Date): Promise<number> {
  const values = {
    title: input.title,
    rules: input.rules,
    startAt: new Date(input.start_at * 1000),
    endAt: new Date(input.end_at * 1000),
    status: input.status,
    dailyChances: input.daily_chances,
    applyMethods: input.apply_methods,
    updatedAt: now,
  };
  if (input.id) {
    const [row] = await tx
      .update(lotteries)
      .set(values)
      .where(eq(lotteries.id, input.id))
      .returning({ id: lotteries.id });
    if (!row) throw invalidParams('id', '活动不存在');
    return row.id;
  }
  const [row] = await tx
    .insert(lotteries)
    .values({ ...values, createdAt: now })
    .returning({ id: lotteries.id });
  if (!row) throw new Error('lottery not written');
  return row.id;
}

export const ZPrizeInput = z
  .object({
    id: z.number().int().positive().optional(),
    lottery_id: z.number().int().positive(),
    name: z.string().trim().min(1).max(20),
    image,
    kind: z.enum(['points', 'coins', 'vip', 'none']),
    /** Points, coins or membership days (0 for none). */
    amount: z.number().int().min(0).max(100_000).default(0),
    weight: z.number().int().min(0).max(1_000_000),
    /** Prizes available (null unlimited); set when the prize is made, then points via adjust. */
    stock: z.number().int().min(0).max(1_000_000).nullable().default(null),
    sort: z.number().int().min(-10_000).max(10_000).default(0),
  })
  .superRefine((p, ctx) => {
    if (p.kind !== 'none' && p.amount <= 0) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: '奖品数量应大于0' });
    }
  });
export type PrizeInput = z.infer<typeof ZPrizeInput>;

export async function savePrize(tx: Tx, input: PrizeInput): Promise<number> {
  const values = {
    lotteryId: input.lottery_id,
    name: input.name,
    image: input.image,
    kind: input.kind,
    amount: input.kind === 'none' ? 0 : input.amount,
    weight: input.weight,
    sort: input.sort,
  };
  if (input.id) {
    const [row] = await tx
      .update(lotteryPrizes)
      .set(values)
      .where(eq(lotteryPrizes.id, input.id))
      .returning({ id: lotteryPrizes.id });
    if (!row) throw invalidParams('id', '奖品不存在');
    return row.id;
  }
  const exists = await tx
    .select({ id: lotteries.id })
    .from(lotteries)
    .where(eq(lotteries.id, input.lottery_id));
  if (exists.length === 0) throw invalidParams('lottery_id', '活动不存在');
  const [row] = await tx
    .insert(lotteryPrizes)
    .values({ ...values, stock: input.stock })
    .returning({ id: lotteryPrizes.id });
  if (!row) throw new Error('prize not written');
  return row.id;
}
