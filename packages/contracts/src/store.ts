import { z } from 'zod';
import type { AreaEndpoints } from './endpoint-def';
import { routes } from './routes';

/**
 * The store (learning-content §2, §3, §4, §7; decisions 033–036): goods, orders and payments.
 * Money is in fen (integers); times are Unix seconds.
 */
export const ZGoodsCategory = z.enum(['vip', 'library', 'growth', 'du_vip']);
export type TGoodsCategory = z.infer<typeof ZGoodsCategory>;
export const ZPayMethod = z.enum(['wechat', 'alipay', 'apple', 'huawei']);
export type TPayMethod = z.infer<typeof ZPayMethod>;
export const ZSalesChannel = z.enum(['ios', 'huawei', 'xiaodu', 'android', 'web']);
export const ZOrderStatus = z.enum(['created', 'paid', 'fulfilled', 'closed', 'refunded']);
export type TOrderStatus = z.infer<typeof ZOrderStatus>;

const productId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'product_id: 1–64 letters, digits, _ . -');

export const ZGoodsQuery = z.object({
  category: ZGoodsCategory.optional(),
  app_version: z
    .string()
    .regex(/^\d+(\.\d+){0,3}$/, 'app_version: a dotted version like 1.6.2')
    .optional(),
  /** A native purchase intent: only this product (our id or the App Store / Huawei product id). */
  product_id: productId.optional(),
  /** A promotion code that unlocks a coded promotional price. */
  promo: z.string().trim().max(32).optional(),
});

export const ZGoodsPromo = z.object({
  label: z.string(),
  price: z.number().int(),
  start_time: z.number().int(),
  end_time: z.number().int(),
});

export const ZGoodsItem = z.object({
  id: z.number().int(),
  product_id: z.string(),
  category: ZGoodsCategory,
  title: z.string(),
  subtitle: z.string(),
  /** The right it grants and for how long (null days = lifetime). */
  right_name: z.string(),
  days: z.number().int().nullable(),
  lifetime: z.boolean(),
  /** What the family pays now (the promotional price while the promotion runs). */
  price: z.number().int(),
  /** The crossed-out price: the list price during a promotion, else the "was" price, or null. */
  original_price: z.number().int().nullable(),
  /** The running promotion, or null. */
  promo: ZGoodsPromo.nullable(),
  /** Fen per day of membership, rounded up; null for lifetime. */
  price_per_day: z.number().int().nullable(),
  badge: z.string().nullable(),
  /** Spec §3: 1 when WeChat Pay and Alipay can both buy it here, 0 when only the in-app purchase. */
  full_method: z.number().int().min(0).max(1),
  apple_product_id: z.string().nullable(),
  huawei_product_id: z.string().nullable(),
});
export type TGoodsItem = z.infer<typeof ZGoodsItem>;

export const ZGoods = z.object({
  list: z.array(ZGoodsItem),
  channel: ZSalesChannel,
  /** Payment methods this device may use (the order call accepts only these). */
  pay_methods: z.array(ZPayMethod),
  /** WeChat Pay is the development sandbox here (no real money). */
  sandbox: z.boolean(),
  /** Server time, for promotion countdowns. */
  now: z.number().int(),
});
export type TGoods = z.infer<typeof ZGoods>;

export const ZPayAction = z.discriminatedUnion('kind', [
  /** Show a QR code to scan with the payment app (code_url); the sandbox also gives its page. */
  z.object({ kind: z.literal('qr'), code_url: z.string(), cashier_url: z.string().nullable() }),
  /** Go to the provider's payment page. */
  z.object({ kind: z.literal('redirect'), url: z.string() }),
  /** Buy in the native shell (StoreKit / Huawei IAP), then send the receipt to the verify call. */
  z.object({
    kind: z.literal('iap'),
    provider: z.enum(['apple', 'huawei']),
    product_id: z.string(),
    app_account_token: z.string(),
  }),
]);
export type TPayAction = z.infer<typeof ZPayAction>;

export const ZReceipt = z.object({
  order_id: z.string(),
  pay_method: ZPayMethod,
  /** The provider's transaction number. */
  transaction_id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  paid_time: z.number().int(),
  refunded_amount: z.number().int(),
});
export type TReceipt = z.infer<typeof ZReceipt>;

export const ZOrder = z.object({
  /** The order number (PB…). */
  id: z.string(),
  product_id: z.string(),
  title: z.string(),
  right_name: z.string(),
  days: z.number().int().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  pay_method: ZPayMethod,
  status: ZOrderStatus,
  promo_label: z.string().nullable(),
  create_time: z.number().int(),
  /** Until when an unpaid order can still be paid. */
  expire_time: z.number().int(),
  paid_time: z.number().int().nullable(),
  fulfilled_time: z.number().int().nullable(),
  closed_time: z.number().int().nullable(),
  /** Why an unpaid order closed: timeout, cancelled (by the family), operator, provider_error. */
  close_reason: z.string().nullable(),
  refunded_time: z.number().int().nullable(),
  /** The right's expiry right after this order added to it. */
  right_expire_time: z.number().int().nullable(),
  receipt: ZReceipt.nullable(),
});
export type TOrder = z.infer<typeof ZOrder>;

export const ZCreateOrder = z.object({
  product_id: productId,
  pay_method: ZPayMethod,
  /** One per purchase attempt (the client makes it); a repeat answers the same order. */
  idempotency_key: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'idempotency_key: 8–64 letters, digits, - or _'),
  promo: z.string().trim().max(32).optional(),
  /** How the page shows the payment: a QR code, or a redirect on a phone's browser. */
  client: z.enum(['qr', 'h5', 'page']).default('qr'),
});
export type TCreateOrder = z.input<typeof ZCreateOrder>;

/** Continue paying an unpaid order (the same order number): how this page shows the payment. */
export const ZContinueOrder = z.object({
  client: z.enum(['qr', 'h5', 'page']).default('qr'),
});
export type TContinueOrder = z.input<typeof ZContinueOrder>;

export const ZCreateOrderResult = z.object({ order: ZOrder, pay: ZPayAction });
export type TCreateOrderResult = z.infer<typeof ZCreateOrderResult>;

export const ZOrderParams = z.object({
  id: z.string().regex(/^PB\d{18}$/, 'id: an order number like PB…'),
});

export const ZOrdersQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(50).default(10),
});
export const ZOrders = z.object({
  list: z.array(ZOrder),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});
export type TOrders = z.infer<typeof ZOrders>;

export const ZAppleReceipt = z.object({
  /** StoreKit 2's JWS transaction (jwsRepresentation). */
  signed_transaction: z.string().min(20).max(16_384),
});
export const ZHuaweiReceipt = z.object({
  purchase_token: z.string().min(8).max(2048),
  product_id: productId,
});
export const ZRestorePurchases = z.object({
  signed_transactions: z.array(z.string().min(20).max(16_384)).max(50),
});
export const ZRestoreResult = z.object({
  /** Orders now fulfilled for this account (restored or found). */
  restored: z.array(ZOrder),
  /** Transactions that could not be restored here, with why. */
  skipped: z.array(z.object({ transaction_id: z.string(), reason: z.string() })),
});
export type TRestoreResult = z.infer<typeof ZRestoreResult>;

/** The endpoint table's entries of this area (endpoints.ts assembles the areas). */
export const storeEndpoints = {
  goods: {
    ...routes.goods,
    summary: 'Goods on sale for this device (channel from the user agent), with promotions',
    tags: ['store'],
    query: ZGoodsQuery,
    response: ZGoods,
  },
  createOrder: {
    ...routes.createOrder,
    summary: 'Start a purchase: the order and how to pay it (idempotent per idempotency_key)',
    tags: ['store'],
    body: ZCreateOrder,
    response: ZCreateOrderResult,
  },
  order: {
    ...routes.order,
    summary: 'One of my orders: status, right, receipt (§4 order check)',
    tags: ['store'],
    params: ZOrderParams,
    response: ZOrder,
  },
  orders: {
    ...routes.orders,
    summary: 'My orders and payments, newest first',
    tags: ['store'],
    query: ZOrdersQuery,
    response: ZOrders,
  },
  cancelStoreOrder: {
    ...routes.cancelStoreOrder,
    summary:
      'Give up an unpaid web order: closed here and at the provider; 10400 when the provider says it was paid',
    tags: ['store'],
    params: ZOrderParams,
    response: ZOrder,
  },
  continueOrder: {
    ...routes.continueOrder,
    summary: 'Continue paying an unpaid order: the same order number and how to pay it again',
    tags: ['store'],
    params: ZOrderParams,
    body: ZContinueOrder,
    response: ZCreateOrderResult,
  },
  appleReceipt: {
    ...routes.appleReceipt,
    summary: "An App Store purchase for this order: StoreKit's signed transaction, verified",
    tags: ['store'],
    params: ZOrderParams,
    body: ZAppleReceipt,
    response: ZOrder,
  },
  huaweiReceipt: {
    ...routes.huaweiReceipt,
    summary: 'A Huawei IAP purchase for this order: its purchase token, verified with Huawei',
    tags: ['store'],
    params: ZOrderParams,
    body: ZHuaweiReceipt,
    response: ZOrder,
  },
  restorePurchases: {
    ...routes.restorePurchases,
    summary: 'Restore App Store purchases (lifetime goods) to this account',
    tags: ['store'],
    body: ZRestorePurchases,
    response: ZRestoreResult,
  },
} as const satisfies AreaEndpoints;
