import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './users';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * Goods of the points mall, set by operators (action points.saveGoods). `kind`: physical (sent
 * by post: full_method 1), vip (membership days) or coins (full_method 2: delivered at once).
 */
export const pointsGoods = pgTable('points_goods', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 1001 }),
  title: text('title').notNull(),
  subtitle: text('subtitle').notNull().default(''),
  description: text('description').notNull().default(''),
  image: text('image').notNull(),
  kind: text('kind').notNull(),
  /** 1 delivery to an address, 2 virtual. */
  fullMethod: integer('full_method').notNull(),
  /** Whether the page shows the §9 marketing stock (never above the real stock). */
  showFakeStock: boolean('show_fake_stock').notNull().default(false),
  /** 1 on the shelf, 0 off. */
  status: integer('status').notNull().default(1),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A variant of a goods with its price in points and its real stock. Stock only changes by
 * conditional updates (exchange, cancel, the operator's points.adjustStock); never below 0.
 */
export const pointsSkus = pgTable(
  'points_skus',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 2001 }),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => pointsGoods.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    price: integer('price').notNull(),
    stock: integer('stock').notNull().default(0),
    sold: integer('sold').notNull().default(0),
    /** What a virtual goods delivers: membership days (vip) or coins. */
    grantDays: integer('grant_days'),
    grantCoins: integer('grant_coins'),
    status: integer('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('points_skus_goods_idx').on(t.goodsId),
    check('points_skus_stock_non_negative', sql`${t.stock} >= 0 and ${t.sold} >= 0`),
    check('points_skus_price_positive', sql`${t.price} > 0`),
  ],
);

export interface OrderAddressJson {
  name: string;
  phone: string;
  province_code: string;
  city_code: string;
  county_code: string;
  /** 广东省 深圳市 南山区 */
  region: string;
  street: string;
}

/**
 * An exchange: points paid for one SKU. status 1 placed (waiting to be shipped), 2 shipped,
 * 3 done (virtual goods, delivered), 4 cancelled (points and stock returned once). The address is
 * a copy taken at exchange time. Orders stay for the books when an account is deleted (user id
 * set null, address erased).
 */
export const pointsOrders = pgTable(
  'points_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 300001 }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    goodsId: integer('goods_id').notNull(),
    skuId: integer('sku_id').notNull(),
    title: text('title').notNull(),
    skuTitle: text('sku_title').notNull(),
    image: text('image').notNull(),
    kind: text('kind').notNull(),
    fullMethod: integer('full_method').notNull(),
    points: integer('points').notNull(),
    status: integer('status').notNull(),
    address: jsonb('address').$type<OrderAddressJson>(),
    /** The client's id of the exchange: a retried request answers the same order. */
    requestId: text('request_id'),
    carrier: text('carrier'),
    trackingNo: text('tracking_no'),
    createdAt: createdAt(),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** user or op:<name> */
    cancelledBy: text('cancelled_by'),
  },
  (t) => [
    index('points_orders_user_idx').on(t.userId, t.createdAt),
    unique('points_orders_request_unique').on(t.userId, t.requestId),
  ],
);

/** One row per China day a user signed in; the primary key makes it once a day. */
export const pointsSignIns = pgTable(
  'points_sign_ins',
  {
    userId: userRef(),
    /** YYYY-MM-DD (China). */
    day: text('day').notNull(),
    streak: integer('streak').notNull(),
    points: integer('points').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * Collected task rewards: one row per task and period (a China day for daily tasks, `once`, or
 * the n-th event of an "each" task); the primary key makes each collect once.
 */
export const pointsTaskClaims = pgTable(
  'points_task_claims',
  {
    userId: userRef(),
    taskId: text('task_id').notNull(),
    period: text('period').notNull(),
    points: integer('points').notNull(),
    claimedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.taskId, t.period] })],
);
