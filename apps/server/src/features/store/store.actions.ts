import { ErrorCode } from '@picbook/contracts';
import { GOODS_CATEGORIES, RIGHT_NAMES, SALES_CHANNELS } from '@picbook/domain';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { goods, paymentNotifications } from '../../platform/db/schema';
import { AppError, invalidParams } from '../../platform/errors';
import { defineOperatorAction } from '../../platform/ops/operator-action';
import { closeAtProvider, closeOrderInTx } from './close-orders';
import { goodsValues } from './goods.queries';
import { createOrderQueries } from './orders.queries';
import { presentOrder } from './present-order';
import { refundOrderInTx } from './refund-order';
import { fulfilOrderInTx, recordPaymentInTx, returnCancelledPaymentInTx } from './settle-payment';

const fen = z.number().int().min(1).max(10_000_000);
const storeProductId = z
  .string()
  .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'product ids: 1–64 letters, digits, _ . -');

const ZPromo = z
  .object({
    price: fen,
    label: z.string().min(1).max(20),
    start_time: z.number().int().min(0),
    end_time: z.number().int().min(0),
    code: z.string().min(1).max(32).nullable().optional(),
  })
  .refine((p) => p.end_time > p.start_time, {
    message: 'end_time must be after start_time',
    path: ['end_time'],
  });

const ZGoodsDefinition = z
  .object({
    product_id: storeProductId,
    category: z.enum(GOODS_CATEGORIES),
    title: z.string().min(1).max(40),
    subtitle: z.string().max(80).default(''),
    right_name: z.enum(RIGHT_NAMES),
    days: z.number().int().min(1).max(3660).nullable(),
    price: fen,
    original_price: fen.nullable().default(null),
    promo: ZPromo.nullable().default(null),
    channels: z.array(z.enum(SALES_CHANNELS)).min(1),
    min_app_version: z
      .string()
      .regex(/^\d+(\.\d+){0,3}$/)
      .nullable()
      .default(null),
    apple_product_id: storeProductId.nullable().default(null),
    huawei_product_id: storeProductId.nullable().default(null),
    badge: z.string().max(20).nullable().default(null),
    sort: z.number().int().default(0),
    on_sale: z.boolean().default(true),
  })
  .refine((g) => !g.promo || g.promo.price < g.price, {
    message: 'the promotional price must be below the price',
    path: ['promo', 'price'],
  });

/**
 * Goods and prices: create a product or replace its definition (price, promotion with its window,
 * channels, App Store / Huawei product ids, on sale or not). Orders keep the price they were made
 * at; a change applies to new orders.
 */
export const saveGoodsAction = defineOperatorAction({
  name: 'goods.save',
  summary:
    'Create or change a product of the store: price (fen), promotion window, channels, on sale',
  roles: ['commerce'],
  input: ZGoodsDefinition,
  async run({ tx, input, now }) {
    const [before] = await tx.select().from(goods).where(eq(goods.productId, input.product_id));
    const values = {
      ...goodsValues(input),
      promo: input.promo,
      minAppVersion: input.min_app_version,
      onSale: input.on_sale,
      updatedAt: now,
    };
    const [after] = await tx
      .insert(goods)
      .values(values)
      .onConflictDoUpdate({ target: goods.productId, set: values })
      .returning();
    return {
      result: { id: after?.id ?? null, product_id: input.product_id },
      target: `goods:${input.product_id}`,
      before: before ?? null,
      after: after ?? null,
    };
  },
});

const ZOrderRef = z.object({
  order_id: z.string().regex(/^PB\d{18}$/, 'order_id: an order number like PB…'),
});

async function lockedOrder(tx: Parameters<typeof closeOrderInTx>[0], orderNo: string) {
  const order = await createOrderQueries(tx).findByNo(orderNo, true);
  if (!order) throw invalidParams('order_id', '订单不存在');
  return order;
}

/**
 * A refund: the whole payment goes back through the provider (WeChat Pay, Alipay), or — for App
 * Store and Huawei orders, and money given back in a provider's console — is marked as returned
 * (`external`); the right the order granted is revoked. Audited with the reason.
 */
export const refundOrderAction = defineOperatorAction({
  name: 'orders.refund',
  summary: 'Refund a paid order and revoke the right it granted',
  roles: ['commerce'],
  needsReason: true,
  input: ZOrderRef.extend({
    /** The money went back outside our call (App Store, Huawei, a provider's console). */
    external_refund_id: z.string().min(1).max(64).optional(),
  }),
  async run({ deps, tx, input, now }) {
    const order = await lockedOrder(tx, input.order_id);
    const before = presentOrder(order, await createOrderQueries(tx).paymentsOf([order.id]));
    const done = await refundOrderInTx(tx, deps, {
      orderId: order.id,
      reason: `operator refund ${input.order_id}`,
      external: input.external_refund_id ? { refundId: input.external_refund_id } : undefined,
      now,
    });
    const after = presentOrder(done.order, await createOrderQueries(tx).paymentsOf([order.id]));
    return {
      result: {
        order: after,
        refund: done.refund,
        rights: done.revoked?.rights.map((r) => ({
          name: r.name,
          expire_time: Math.floor(r.expireAt.getTime() / 1000),
        })),
      },
      target: `order:${input.order_id}`,
      before,
      after,
    };
  },
});

/** Close an unpaid order that is stuck (the family gave up; the provider should stop taking money). */
export const closeOrderAction = defineOperatorAction({
  name: 'orders.close',
  summary: 'Close an unpaid order (a payment that still arrives is honoured)',
  roles: ['commerce', 'support'],
  needsReason: true,
  input: ZOrderRef,
  async run({ deps, tx, input, now }) {
    const order = await lockedOrder(tx, input.order_id);
    const closed = await closeOrderInTx(tx, order.id, 'operator', now);
    if (!closed) throw new AppError(ErrorCode.NotAllowed, `订单状态为 ${order.status}，不能关闭`);
    // The provider is told after our change: a payment racing the close is honoured anyway.
    await closeAtProvider(deps, console, closed);
    return {
      result: { order_id: input.order_id, status: closed.status },
      target: `order:${input.order_id}`,
      before: { status: order.status },
      after: { status: closed.status },
    };
  },
});

/**
 * A stuck order's check run again for a family ("I paid and nothing happened"): an unpaid order
 * asks its provider (a notification may be lost), a paid one is fulfilled — the same steps as
 * the family's order check (read-order.ts), here in the audited transaction.
 */
export const recheckOrderAction = defineOperatorAction({
  name: 'orders.recheck',
  summary:
    "Run a stuck order's check again: ask the provider about an unpaid order, fulfil a paid one",
  roles: ['commerce', 'support'],
  needsReason: true,
  input: ZOrderRef,
  async run({ deps, tx, input, now }) {
    const order = await lockedOrder(tx, input.order_id);
    let found: string | null = null;
    if (order.status === 'created' || order.status === 'closed') {
      const provider = deps.payments.web[order.payMethod as 'wechat' | 'alipay'];
      const payment = await provider?.queryPayment(order.orderNo).catch(() => null);
      if (payment) {
        let recorded = await recordPaymentInTx(tx, payment);
        if (recorded.outcome === 'cancelled_order' && recorded.order) {
          // Money for an order the family cancelled goes back; it grants nothing (decision 093).
          recorded = await returnCancelledPaymentInTx(tx, deps, console, recorded.order, payment);
        }
        found = recorded.outcome;
        await createOrderQueries(tx).recordNotification({
          method: payment.method,
          orderNo: order.orderNo,
          providerTxnId: payment.providerTxnId,
          outcome: recorded.outcome,
          detail: 'found by an operator recheck (query)',
        });
      }
    }
    await fulfilOrderInTx(tx, order.id, now);
    const after = (await createOrderQueries(tx).findById(order.id)) ?? order;
    return {
      result: { order_id: input.order_id, status: after.status, provider: found },
      target: `order:${input.order_id}`,
      before: { status: order.status },
      after: { status: after.status },
    };
  },
});

/** Look at an order with its payments and every notification about it (support, with a reason). */
export const inspectOrderAction = defineOperatorAction({
  name: 'orders.inspect',
  summary: "An order with its payments, refunds and the providers' notifications",
  roles: ['commerce', 'support'],
  needsReason: true,
  input: ZOrderRef,
  async run({ tx, input }) {
    const order = await lockedOrder(tx, input.order_id);
    const q = createOrderQueries(tx);
    const paymentRows = await q.paymentsOf([order.id]);
    const notices = await tx
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.orderNo, input.order_id))
      .orderBy(desc(paymentNotifications.id))
      .limit(50);
    return {
      result: {
        order: presentOrder(order, paymentRows),
        user_id: order.userId,
        payments: paymentRows.map((p) => ({
          kind: p.kind,
          method: p.method,
          transaction_id: p.providerTxnId,
          amount: p.amount,
          status: p.status,
          at: Math.floor(p.at.getTime() / 1000),
        })),
        notifications: notices.map((n) => ({
          outcome: n.outcome,
          detail: n.detail,
          transaction_id: n.providerTxnId,
          at: Math.floor(n.receivedAt.getTime() / 1000),
        })),
      },
      target: `order:${input.order_id}`,
    };
  },
});
