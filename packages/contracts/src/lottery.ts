import { z } from 'zod';
import type { AreaEndpoints } from './endpoint-def';
import { ZRowId, ZRowIdParam } from './ids';
import { ZRequestId } from './points';
import { routes } from './routes';

/**
 * The lucky wheel (learning-content §2 /act/lotteryWheel, /act/lotteryPrizes; §3 lottery info;
 * §4 draw, apply chance, daily lottery modal; §7 lottery calls). The server draws; the odds it
 * draws with are published with the awards.
 */

const rowId = ZRowIdParam;

export const ZLotteryQuery = z.object({ id: rowId });
export const ZPrizeKind = z.enum(['points', 'coins', 'vip', 'none']);

export const ZLotteryAward = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string(),
  kind: ZPrizeKind,
  /** Points, coins or membership days. */
  amount: z.number().int(),
  /** Chance of one draw, percent with two decimals (published odds). */
  probability: z.number(),
  /** Prizes left; null unlimited. */
  stock: z.number().int().nullable(),
  sold_out: z.boolean(),
});
export type TLotteryAward = z.infer<typeof ZLotteryAward>;

export const ZApplyMethod = z.object({
  method: z.string(),
  title: z.string(),
  desc: z.string(),
  chances: z.number().int(),
  daily_limit: z.number().int(),
  used_today: z.number().int(),
  /** Points one chance costs (method points; else 0). */
  cost: z.number().int(),
  available: z.boolean(),
});
export type TApplyMethod = z.infer<typeof ZApplyMethod>;

/** The free chances of the day: status 1 once collected today. */
export const ZDailyBenefit = z.object({
  chances: z.number().int(),
  status: z.number().int(),
});

export const ZLotteryInfo = z.object({
  id: z.number().int(),
  title: z.string(),
  rules: z.string(),
  start_time: z.number().int(),
  end_time: z.number().int(),
  /** 1 running now; 0 not started or over. */
  status: z.number().int(),
  awards: z.array(ZLotteryAward),
  chances_count: z.number().int(),
  apply_methods: z.array(ZApplyMethod),
  daily_benefit: ZDailyBenefit,
  points: z.number().int(),
});
export type TLotteryInfo = z.infer<typeof ZLotteryInfo>;

export const ZLotteryDrawBody = z.object({ id: ZRowId, request_id: ZRequestId.optional() });
export const ZLotteryDraw = z.object({
  draw_id: z.number().int(),
  /** The prize's place in `awards`: where the wheel stops. */
  index: z.number().int(),
  award: z.object({
    id: z.number().int(),
    name: z.string(),
    image: z.string(),
    kind: ZPrizeKind,
    amount: z.number().int(),
  }),
  chances_count: z.number().int(),
  points: z.number().int(),
});
export type TLotteryDraw = z.infer<typeof ZLotteryDraw>;

export const ZLotteryIdBody = z.object({ id: ZRowId });
export const ZLotteryReward = z.object({
  chances_count: z.number().int(),
  daily_benefit: ZDailyBenefit,
});

export const ZApplyChanceBody = z.object({
  id: ZRowId,
  method: z.enum(['share', 'read', 'points']).default('share'),
});
export const ZApplyChanceResult = z.object({
  chances_count: z.number().int(),
  apply_methods: z.array(ZApplyMethod),
  points: z.number().int(),
});

export const ZMyAwardsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(50).default(10),
});
export const ZMyAward = z.object({
  draw_id: z.number().int(),
  lottery_id: z.number().int(),
  lottery_title: z.string(),
  name: z.string(),
  image: z.string(),
  kind: ZPrizeKind,
  amount: z.number().int(),
  time: z.number().int(),
});
export const ZMyAwards = z.object({
  list: z.array(ZMyAward),
  current_page: z.number().int(),
  page_count: z.number().int(),
  total: z.number().int(),
});
export type TMyAwards = z.infer<typeof ZMyAwards>;

/** The endpoint table's entries of this area (endpoints.ts assembles the areas). */
export const lotteryEndpoints = {
  lotteryInfo: {
    ...routes.lotteryInfo,
    summary: 'A wheel: awards with published odds, my chances, ways to earn more, daily benefit',
    tags: ['lottery'],
    query: ZLotteryQuery,
    response: ZLotteryInfo,
  },
  lotteryDraw: {
    ...routes.lotteryDraw,
    summary: 'Spin: spends one chance and grants the prize the server drew, exactly once',
    tags: ['lottery'],
    body: ZLotteryDrawBody,
    response: ZLotteryDraw,
  },
  lotteryGetReward: {
    ...routes.lotteryGetReward,
    summary: "Collect today's free chances (daily benefit; 10104 when collected)",
    tags: ['lottery'],
    body: ZLotteryIdBody,
    response: ZLotteryReward,
  },
  lotteryApplyChance: {
    ...routes.lotteryApplyChance,
    summary: 'Earn an extra chance (method share, read or points; daily limits)',
    tags: ['lottery'],
    body: ZApplyChanceBody,
    response: ZApplyChanceResult,
  },
  lotteryAwards: {
    ...routes.lotteryAwards,
    summary: 'My prizes, newest first',
    tags: ['lottery'],
    query: ZMyAwardsQuery,
    response: ZMyAwards,
  },
} as const satisfies AreaEndpoints;
