import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './users';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });

/** A promotion of one product: its price in fen inside a time window (Unix seconds). */
export interface GoodsPromoJson {
  price: number;
  label: string;
  start_time: number;
  end_time: number;
  code?: string | null;
}

/**
 * What the store sells (decision 034): a right for some days (null = lifetime), priced in fen,
 * with an optional promotion and the sales channels it is listed in. Operators change goods only
 * through the `goods.save` operator action; start-up adds the default goods that are missing.
 */
export const goods = pgTable(
  'goods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: text('product_id').notNull().unique(),
    category: text('category').notNull(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    rightName: text('right_name').notNull(),
    days: integer('days'),
    /** List price in fen. */
    price: integer('price').notNull(),
    /** The crossed-out "was" price in fen, when there is one. */
    originalPrice: integer('original_price'),
    promo: jsonb('promo').$type<GoodsPromoJson>(),
    /** Sales channels: web, android, ios, huawei, xiaodu. */
    channels: jsonb('channels').$type<string[]>().notNull(),
    minAppVersion: text('min_app_version'),
    appleProductId: text('apple_product_id').unique(),
    huaweiProductId: text('huawei_product_id').unique(),
    badge: text('badge'),
    sort: integer('sort').notNull().default(0),
    onSale: boolean('on_sale').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('goods_price_positive', sql`${t.price} > 0`),
    check('goods_days_positive', sql`${t.days} is null or ${t.days} > 0`),
  ],
);

/** How the client pays an order: what POST /api/v1/order answered (kept for a repeated attempt). */
export type PayActionJson =
  | { kind: 'qr'; code_url: string; cashier_url: string | null }
  | { kind: 'redirect'; url: string }
  | { kind: 'iap'; provider: 'apple' | 'huawei'; product_id: string; app_account_token: string };

/**
 * A purchase attempt and its life: created → paid → fulfilled, closed on timeout, refunded
 * (packages/domain orders.ts). One per (user, idempotency key): a repeated attempt answers the
 * same order. Money history: kept, anonymised, when the account is deleted.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderNo: text('order_no').notNull().unique(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The order's own token for App Store purchases (appAccountToken) and sandbox sessions. */
    uuid: text('uuid').notNull().unique(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    productId: text('product_id').notNull(),
    title: text('title').notNull(),
    rightName: text('right_name').notNull(),
    /** Days of the right bought; null for lifetime. */
    days: integer('days'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('CNY'),
    payMethod: text('pay_method').notNull(),
    channel: text('channel').notNull(),
    status: text('status').notNull().default('created'),
    payAction: jsonb('pay_action').$type<PayActionJson>(),
    promoLabel: text('promo_label'),
    createdAt: createdAt(),
    expireAt: at('expire_at').notNull(),
    paidAt: at('paid_at'),
    fulfilledAt: at('fulfilled_at'),
    closedAt: at('closed_at'),
    closeReason: text('close_reason'),
    refundedAt: at('refunded_at'),
    /** The right's expiry right after this order was fulfilled. */
    rightExpireAt: at('right_expire_at'),
    anonymisedAt: at('anonymised_at'),
  },
  (t) => [
    unique('orders_user_attempt').on(t.userId, t.idempotencyKey),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_open_idx').on(t.status, t.expireAt),
    check('orders_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * Money that moved for an order, append-only: a payment the provider confirmed, or a refund. A
 * provider's transaction is recorded once (unique per method, kind and transaction id).
 */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** payment or refund. */
    kind: text('kind').notNull(),
    method: text('method').notNull(),
    providerTxnId: text('provider_txn_id').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** succeeded, or processing for a refund the provider is still carrying out. */
    status: text('status').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    at: at('at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('payments_provider_txn').on(t.method, t.kind, t.providerTxnId),
    index('payments_order_idx').on(t.orderId),
  ],
);

/**
 * Every notification or receipt a provider (or a client holding one) sent us, with what we made
 * of it: fulfilled, duplicate, bad_signature, amount_mismatch, unknown_order … Refused ones are
 * the trail an operator follows; nothing is granted from them.
 */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    method: text('method').notNull(),
    orderNo: text('order_no'),
    providerTxnId: text('provider_txn_id'),
    outcome: text('outcome').notNull(),
    detail: text('detail'),
    /** The first 4 KB of the body as received (WeChat's resource stays encrypted). */
    body: text('body'),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (t) => [
    index('payment_notifications_order_idx').on(t.orderNo),
    index('payment_notifications_outcome_idx').on(t.outcome, t.receivedAt),
  ],
);

/**
 * Development payment sandbox (a local WeChat Pay, decision 035): its keys, made once, and its
 * payment sessions. Never written where development adapters are refused.
 */
export const devPayKeys = pgTable('dev_pay_keys', {
  name: text('name').primaryKey(),
  value: jsonb('value').$type<Record<string, string>>().notNull(),
  createdAt: createdAt(),
});

export const devPaySessions = pgTable('dev_pay_sessions', {
  prepayId: text('prepay_id').primaryKey(),
  outTradeNo: text('out_trade_no').notNull().unique(),
  description: text('description').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  notifyUrl: text('notify_url').notNull(),
  /** open, paid, failed, cancelled, closed. */
  status: text('status').notNull().default('open'),
  transactionId: text('transaction_id'),
  refunded: integer('refunded').notNull().default(0),
  createdAt: createdAt(),
  expireAt: at('expire_at').notNull(),
});
