import { z } from 'zod';
import { ZAddress } from './addresses';
import type { AreaEndpoints } from './endpoint-def';
import { ZRowId, ZRowIdParam } from './ids';
import { routes } from './routes';

/**
 * The points mall (learning-content §2 /parents/points…, §3 points store, §4 goods exchange, §7
 * points-mall calls, §9). Points live on the append-only ledger; these answers say what it holds.
 * Times are Unix seconds.
 */

const rowId = ZRowIdParam;
const page = z.coerce.number().int().min(1).max(100_000).default(1);
/** A client-made id of one exchange or draw: a retry with the same id answers the same result. */
export const ZRequestId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'request_id 应为8–64位字母、数字、- 或 _');

const flag = z.union([z.literal(0), z.literal(1)]);

export const ZPointsDetail = z.object({
  points: z.number().int(),
  today_earned: z.number().int(),
  total_earned: z.number().int(),
  total_spent: z.number().int(),
  signed_today: flag,
  /** Tasks with rewards waiting to be collected. */
  tasks_waiting: z.number().int(),
  /** The lucky wheel running now, if any. */
  lottery: z.object({ id: z.number().int(), title: z.string() }).nullable(),
});
export type TPointsDetail = z.infer<typeof ZPointsDetail>;

export const ZSignDay = z.object({
  /** Day of the 7-day cycle. */
  day: z.number().int(),
  date: z.string(),
  points: z.number().int(),
  signed: flag,
  is_today: z.boolean(),
});
/** GET/POST missions/daily_sign: the week's strip and today's state. */
export const ZDailySign = z.object({
  signed_today: flag,
  /** Consecutive days up to today (or yesterday while today is not signed yet). */
  streak: z.number().int(),
  /** What signing in today pays (paid already when signed_today is 1). */
  today_points: z.number().int(),
  days: z.array(ZSignDay),
  /** Points of this request (0 on GET). */
  earned: z.number().int(),
  points: z.number().int(),
});
export type TDailySign = z.infer<typeof ZDailySign>;

export const ZTaskType = z.enum(['daily', 'once', 'each']);
export const ZPointsTask = z.object({
  id: z.string(),
  title: z.string(),
  desc: z.string(),
  type: ZTaskType,
  progress: z.number().int(),
  target: z.number().int(),
  points: z.number().int(),
  /** 0 open, 1 finished (waiting to be collected), 2 collected. */
  status: z.number().int(),
  /** Rewards waiting (an "each" task pays once per event). */
  claimable: z.number().int(),
  /** Where the family goes to do it. */
  link: z.string().nullable(),
});
export type TPointsTask = z.infer<typeof ZPointsTask>;
export const ZPointsMissions = z.object({ list: z.array(ZPointsTask) });

export const ZReceivePoints = z.object({
  id: z.string().regex(/^[a-z][a-z0-9_]{1,39}$/, '不是有效的任务'),
});
export const ZReceiveResult = z.object({
  id: z.string(),
  received: z.number().int(),
  points: z.number().int(),
  task: ZPointsTask,
});

export const ZPointsRecordQuery = z.object({
  /** 0 all, 1 income, 2 expense. */
  transaction_type: z.coerce.number().int().min(0).max(2).default(0),
  page,
  page_size: z.coerce.number().int().min(1).max(50).default(10),
});
export const ZPointsRecord = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Signed: positive came in, negative went out. */
  points: z.number().int(),
  balance: z.number().int(),
  time: z.number().int(),
});
const paging = {
  current_page: z.number().int(),
  page_count: z.number().int(),
  total: z.number().int(),
  /** The balance now. */
  points: z.number().int(),
};
export const ZPointsRecords = z.object({ list: z.array(ZPointsRecord), ...paging });
export type TPointsRecords = z.infer<typeof ZPointsRecords>;

export const ZGoodsKind = z.enum(['physical', 'vip', 'coins']);
export const ZGoodsSku = z.object({
  sku_id: z.number().int(),
  title: z.string(),
  price: z.number().int(),
  stock: z.number().int(),
  sold_out: z.boolean(),
  grant_days: z.number().int().nullable(),
  grant_coins: z.number().int().nullable(),
});
export const ZPointsGoods = z.object({
  item_id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  image: z.string(),
  kind: ZGoodsKind,
  /** 1 delivered to an address, 2 virtual (delivered at once). */
  full_method: z.number().int(),
  /** The lowest price of its SKUs and their real stock. */
  price: z.number().int(),
  stock: z.number().int(),
  sold_out: z.boolean(),
  /** The first SKU in stock (or the first). */
  sku_id: z.number().int(),
  /** §9 marketing display when the goods shows it: never above the real stock. */
  fake_stock: z.object({ total: z.number().int(), remaining: z.number().int() }).nullable(),
});
export type TPointsGoods = z.infer<typeof ZPointsGoods>;
export const ZGoodsList = z.object({ list: z.array(ZPointsGoods), points: z.number().int() });
export const ZGoodsDetailQuery = z.object({ item_id: rowId });
export const ZGoodsDetail = ZPointsGoods.extend({
  description: z.string(),
  skus: z.array(ZGoodsSku),
  points: z.number().int(),
});
export type TGoodsDetail = z.infer<typeof ZGoodsDetail>;

export const ZExchange = z.object({
  item_id: ZRowId,
  sku_id: ZRowId,
  /** Needed for goods sent by post (full_method 1). */
  address_id: ZRowId.optional(),
  request_id: ZRequestId.optional(),
});
export type TExchange = z.input<typeof ZExchange>;

export const ZOrderAddress = ZAddress.pick({
  name: true,
  phone: true,
  province_code: true,
  city_code: true,
  county_code: true,
  street: true,
}).extend({ region: z.string() });
export const ZPointsOrder = z.object({
  order_id: z.number().int(),
  item_id: z.number().int(),
  sku_id: z.number().int(),
  title: z.string(),
  sku_title: z.string(),
  image: z.string(),
  kind: ZGoodsKind,
  full_method: z.number().int(),
  points: z.number().int(),
  /** 1 placed (waiting to be shipped), 2 shipped, 3 done (virtual, delivered), 4 cancelled. */
  status: z.number().int(),
  can_cancel: z.boolean(),
  address: ZOrderAddress.nullable(),
  carrier: z.string().nullable(),
  tracking_no: z.string().nullable(),
  create_time: z.number().int(),
  ship_time: z.number().int().nullable(),
  cancel_time: z.number().int().nullable(),
});
export type TPointsOrder = z.infer<typeof ZPointsOrder>;
export const ZOrderResult = z.object({ order: ZPointsOrder, points: z.number().int() });
export type TOrderResult = z.infer<typeof ZOrderResult>;
export const ZOrderQuery = z.object({ order_id: rowId });
export const ZOrderBody = z.object({ order_id: ZRowId });
export const ZOrderListQuery = z.object({
  page,
  page_size: z.coerce.number().int().min(1).max(50).default(10),
});
export const ZOrderList = z.object({ list: z.array(ZPointsOrder), ...paging });

export const ZInviteUser = z.object({
  nickname: z.string(),
  avatar: z.string(),
  time: z.number().int(),
});
export const ZInvitees = z.object({
  invite_code: z.string(),
  /** Points each registered friend brings (the invite task). */
  points_per_invite: z.number().int(),
  total: z.number().int(),
  list: z.array(ZInviteUser),
});
export const ZInviteRanksQuery = z.object({
  rank_len: z.coerce.number().int().min(1).max(100).default(20),
});
export const ZInviteRank = z.object({
  rank: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  count: z.number().int(),
  is_me: z.boolean(),
});
export const ZInviteRanks = z.object({
  list: z.array(ZInviteRank),
  mine: z.object({ rank: z.number().int().nullable(), count: z.number().int() }),
});

/** The endpoint table's entries of this area (endpoints.ts assembles the areas). */
export const pointsEndpoints = {
  pointsDetail: {
    ...routes.pointsDetail,
    summary: "Points balance, earned and spent, today's sign-in, waiting tasks, the running wheel",
    tags: ['points'],
    response: ZPointsDetail,
  },
  dailySign: {
    ...routes.dailySign,
    summary: "Sign in for today: pays the streak day's points once per China day (10104 after)",
    tags: ['points'],
    response: ZDailySign,
  },
  dailySignDetail: {
    ...routes.dailySignDetail,
    summary: "The sign-in week: streak, today's points, which days are signed",
    tags: ['points'],
    response: ZDailySign,
  },
  pointsMissions: {
    ...routes.pointsMissions,
    summary: 'Tasks earned from learning events (reading, practice, invites) and their state',
    tags: ['points'],
    response: ZPointsMissions,
  },
  receivePoints: {
    ...routes.receivePoints,
    summary: "Collect a finished task's points, exactly once (10400 not finished, 10104 collected)",
    tags: ['points'],
    body: ZReceivePoints,
    response: ZReceiveResult,
  },
  pointsRecord: {
    ...routes.pointsRecord,
    summary: 'Points transactions, newest first (transaction_type 0 all, 1 income, 2 expense)',
    tags: ['points'],
    query: ZPointsRecordQuery,
    response: ZPointsRecords,
  },
  goodsList: {
    ...routes.goodsList,
    summary: 'Goods on the shelf with their lowest price and real stock',
    tags: ['points'],
    response: ZGoodsList,
  },
  goodsDetail: {
    ...routes.goodsDetail,
    summary: 'One goods with its SKUs (10024 when it is not on the shelf)',
    tags: ['points'],
    query: ZGoodsDetailQuery,
    response: ZGoodsDetail,
  },
  exchangeGoods: {
    ...routes.exchangeGoods,
    summary:
      'Exchange points for a SKU: points and stock in one transaction (10019 not enough points, 10025 out of stock)',
    tags: ['points'],
    body: ZExchange,
    response: ZOrderResult,
  },
  orderDetail: {
    ...routes.orderDetail,
    summary: 'One of my exchanges',
    tags: ['points'],
    query: ZOrderQuery,
    response: ZOrderResult,
  },
  orderList: {
    ...routes.orderList,
    summary: 'My exchanges, newest first',
    tags: ['points'],
    query: ZOrderListQuery,
    response: ZOrderList,
  },
  cancelOrder: {
    ...routes.cancelOrder,
    summary: 'Cancel an exchange not shipped yet: points and stock come back once',
    tags: ['points'],
    body: ZOrderBody,
    response: ZOrderResult,
  },
  invitees: {
    ...routes.invitees,
    summary: 'Friends who registered with my invite code',
    tags: ['points'],
    response: ZInvitees,
  },
  inviteRanks: {
    ...routes.inviteRanks,
    summary: 'Who invited most friends (rank_len, default 20) and my place',
    tags: ['points'],
    query: ZInviteRanksQuery,
    response: ZInviteRanks,
  },
} as const satisfies AreaEndpoints;
