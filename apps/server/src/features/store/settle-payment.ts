import {
  formatYuanExact,
  latePaymentFor,
  nextOrderStatus,
  type OrderStatus,
  type RightName,
  validUntilText,
} from '@picbook/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../platform/db/client';
import { orders, payments } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { writeMessage } from '../../platform/messages/parent-messages';
import type { VerifiedPayment } from '../../platform/payments/types';
import { grantRight } from '../rights';
import { createOrderQueries, type OrderRow } from './orders.queries';

/** What became of a payment the provider vouched for. */
export type SettleOutcome =
  /** This call granted the right. */
  | 'fulfilled'
  /** Seen before (a repeated, concurrent or late copy): nothing changed. */
  | 'duplicate'
  /** Paid, but the right could not be granted yet (no account any more): left for an operator. */
  | 'paid'
  | 'amount_mismatch'
  | 'method_mismatch'
  | 'unknown_order'
  /** Money for an order refunded already: recorded for an operator, nothing granted. */
  | 'refunded_order'
  /** A second, different payment for an order already paid: recorded for an operator to refund. */
  | 'double_paid'
  /** The provider's transaction is recorded for another order: it pays for that one only. */
  | 'txn_elsewhere'
  /**
   * Money for an order the family cancelled (decision 093): recorded, nothing granted, and not
   * given back yet (the provider's refund failed; its retried notification tries again).
   */
  | 'cancelled_order'
  /** Money for an order the family cancelled, recorded and given back at once; nothing granted. */
  | 'cancelled_refunded';

export const orderSource = (order: Pick<OrderRow, 'id'>) => `order:${order.id}`;

/**
 * Settles a verified payment (decision 034) in the shape of rewards' payOnce: the order row is
 * locked first, so 20 copies of one notification arriving together are handled one after
 * another; the amount and currency must be the order's; the provider's transaction is recorded
 * once (unique key); then the order is fulfilled in its own step (a crash between the two leaves a
 * paid order that the next notification, order check or sweep fulfils). A payment that arrives
 * after the order closed still counts (closed → paid).
 */
export async function settlePayment(
  deps: AppDeps,
  log: FastifyBaseLogger,
  payment: VerifiedPayment,
): Promise<{ outcome: SettleOutcome; order: OrderRow | null }> {
  const recorded = await deps.db.transaction(async (tx) => {
    const result = await recordPaymentInTx(tx, payment);
    // Copies of the notification wait on the order's lock, so the money goes back once.
    return result.outcome === 'cancelled_order' && result.order
      ? returnCancelledPaymentInTx(tx, deps, log, result.order, payment)
      : result;
  });
  if (!recorded.order || (recorded.outcome !== 'paid' && recorded.outcome !== 'duplicate')) {
    if (recorded.outcome !== 'unknown_order') {
      log.error(
        {
          orderNo: payment.orderNo,
          method: payment.method,
          txn: payment.providerTxnId,
          amount: payment.amount,
          currency: payment.currency,
        },
        `payment not settled: ${recorded.outcome}`,
      );
    }
    return recorded;
  }
  // A duplicate may still find the order paid but not fulfilled (an earlier attempt failed).
  const fulfilled = await fulfilOrder(deps, recorded.order.id);
  if (fulfilled) return { outcome: 'fulfilled', order: fulfilled };
  // Fulfilled meanwhile by a concurrent copy, or left paid (the account is gone).
  const latest = (await createOrderQueries(deps.db).findById(recorded.order.id)) ?? recorded.order;
  return { outcome: latest.status === 'paid' ? 'paid' : 'duplicate', order: latest };
}

/**
 * Asks a web order's provider whether it was paid (its notification may be late, lost, or still on
 * the way) and settles what the provider answers, noting where the payment was found. A failed
 * query is only logged: the notification or the sweep will bring the payment later.
 */
export async function settleFromProvider(
  deps: AppDeps,
  log: FastifyBaseLogger,
  order: Pick<OrderRow, 'orderNo' | 'payMethod'>,
  foundBy: string,
): Promise<void> {
  const provider = deps.payments.web[order.payMethod as 'wechat' | 'alipay'];
  const payment = await provider?.queryPayment(order.orderNo).catch((error: unknown) => {
    log.warn({ err: error, orderNo: order.orderNo }, 'payment query failed');
    return null;
  });
  if (!payment) return;
  const settled = await settlePayment(deps, log, payment);
  await createOrderQueries(deps.db).recordNotification({
    method: payment.method,
    orderNo: order.orderNo,
    providerTxnId: payment.providerTxnId,
    outcome: settled.outcome,
    detail: `found by ${foundBy} (query)`,
  });
}

/**
 * The recording half of {@link settlePayment} in the caller's transaction: the order row locked,
 * amount and currency checked, the provider's transaction recorded once, created/closed → paid.
 */
export async function recordPaymentInTx(
  tx: Tx,
  payment: VerifiedPayment,
): Promise<{ outcome: SettleOutcome; order: OrderRow | null }> {
  const q = createOrderQueries(tx);
  const order = await q.findByNo(payment.orderNo, true);
  if (!order) return { outcome: 'unknown_order' as const, order: null };
  if (order.payMethod !== payment.method) return { outcome: 'method_mismatch' as const, order };
  if (payment.amount !== order.amount || payment.currency !== order.currency) {
    return { outcome: 'amount_mismatch' as const, order };
  }
  const inserted = await tx
    .insert(payments)
    .values({
      orderId: order.id,
      kind: 'payment',
      method: payment.method,
      providerTxnId: payment.providerTxnId,
      amount: payment.amount,
      currency: payment.currency,
      status: 'succeeded',
      detail: payment.detail,
      at: payment.paidAt,
    })
    .onConflictDoNothing()
    .returning({ id: payments.id });
  if (inserted.length === 0) {
    // One store transaction must not pay two orders (two receipts racing each other).
    const [kept] = await tx
      .select({ orderId: payments.orderId })
      .from(payments)
      .where(
        and(
          eq(payments.method, payment.method),
          eq(payments.kind, 'payment'),
          eq(payments.providerTxnId, payment.providerTxnId),
        ),
      );
    if (kept && kept.orderId !== order.id) return { outcome: 'txn_elsewhere' as const, order };
  }
  if (order.status === 'refunded') return { outcome: 'refunded_order' as const, order };
  if (order.status === 'closed' && latePaymentFor(order.closeReason) === 'refund') {
    // The family cancelled and the provider agreed to close: this order never grants.
    const [back] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.kind, 'refund')))
      .limit(1);
    if (!back) return { outcome: 'cancelled_order' as const, order };
    return {
      outcome: inserted.length > 0 ? ('double_paid' as const) : ('duplicate' as const),
      order,
    };
  }
  const next = nextOrderStatus(order.status as OrderStatus, 'pay');
  if (next) {
    const [paid] = await tx
      .update(orders)
      .set({ status: next, paidAt: payment.paidAt })
      .where(eq(orders.id, order.id))
      .returning();
    return { outcome: 'paid' as const, order: paid ?? order };
  }
  return {
    outcome: inserted.length > 0 ? ('double_paid' as const) : ('duplicate' as const),
    order,
  };
}

/** The refund number of an order (one per order: the provider deduplicates a retried refund). */
export const refundNumberOf = (order: Pick<OrderRow, 'orderNo'>) => `R${order.orderNo.slice(2)}`;

/**
 * Money that reached an order the family cancelled (decision 093), in the caller's transaction
 * with the order locked: WeChat Pay and Alipay give it back at once (the refund number is the
 * order's, so a retry is deduplicated by the provider), the refund is recorded and the family is
 * told; the order stays closed and grants nothing. When the refund fails the payment stays
 * recorded as `cancelled_order` and the notification is answered with a failure, so the provider
 * sends it again and the refund is tried again.
 */
export async function returnCancelledPaymentInTx(
  tx: Tx,
  deps: AppDeps,
  log: { error(detail: object, message: string): void },
  order: OrderRow,
  payment: VerifiedPayment,
): Promise<{ outcome: SettleOutcome; order: OrderRow }> {
  const provider = deps.payments.web[order.payMethod as 'wechat' | 'alipay'];
  if (!provider) return { outcome: 'cancelled_order', order };
  let refund: Awaited<ReturnType<typeof provider.refund>>;
  try {
    refund = await provider.refund({
      orderNo: order.orderNo,
      refundNo: refundNumberOf(order),
      amount: payment.amount,
      total: payment.amount,
      reason: '订单已取消，款项原路退回',
    });
  } catch (error) {
    log.error({ err: error, orderNo: order.orderNo }, 'refund of a cancelled order failed');
    return { outcome: 'cancelled_order', order };
  }
  const now = deps.clock.now();
  await tx
    .insert(payments)
    .values({
      orderId: order.id,
      kind: 'refund',
      method: order.payMethod,
      providerTxnId: refund.refundId,
      amount: payment.amount,
      currency: payment.currency,
      status: refund.status,
      detail: { reason: 'cancelled order', payment: payment.providerTxnId },
      at: now,
    })
    .onConflictDoNothing();
  if (order.userId !== null) {
    await writeMessage(tx, order.userId, {
      kind: 'order',
      title: '款项已退回',
      body: `已取消的订单「${order.title}」收到一笔 ¥${formatYuanExact(payment.amount)} 的付款，已原路退回，未开通权益。`,
      link: orderLink(order),
      dedupeKey: `order:${order.id}:returned`,
    });
  }
  return { outcome: 'cancelled_refunded', order };
}

/** Where an order's messages lead: its result page (by order number, as the page reads it). */
export const orderLink = (order: Pick<OrderRow, 'orderNo'>) =>
  `/parents/store/orderResult/${order.orderNo}`;

/** The dedupe key of an order's 已开通 message (a refund withdraws it). */
export const fulfilledMessageKey = (order: Pick<OrderRow, 'id'>) => `order:${order.id}:fulfilled`;

/**
 * paid → fulfilled: grants the order's right once (the order row is locked; the grant's
 * idempotency key order:<id> is the last guard). Answers the fulfilled order, or null when there
 * was nothing to do (not paid, fulfilled already, or the account is gone).
 */
export async function fulfilOrder(deps: AppDeps, orderId: number): Promise<OrderRow | null> {
  return deps.db.transaction((tx) => fulfilOrderInTx(tx, orderId, deps.clock.now()));
}

/** {@link fulfilOrder} in the caller's transaction (an operator's recheck, audited with it). */
export async function fulfilOrderInTx(
  tx: Tx,
  orderId: number,
  now: Date,
): Promise<OrderRow | null> {
  const order = await createOrderQueries(tx).findById(orderId, true);
  if (!order || order.userId === null) return null;
  const next = nextOrderStatus(order.status as OrderStatus, 'fulfil');
  if (!next) return null;
  const granted = await grantRight(tx, {
    userId: order.userId,
    name: order.rightName as RightName,
    days: order.days ?? 'life',
    source: orderSource(order),
    idempotencyKey: orderSource(order),
    now,
  });
  const [row] = await tx
    .update(orders)
    .set({ status: next, fulfilledAt: now, rightExpireAt: granted.expireAt })
    .where(eq(orders.id, order.id))
    .returning();
  // The one "valid until" rule (packages/domain validUntilText): the last full day, as the order
  // page, the parents' area and the console show it.
  await writeMessage(tx, order.userId, {
    kind: 'order',
    title: '订单已完成',
    body: `您购买的「${order.title}」已开通，${validUntilText(granted.expireAt)}。`,
    link: orderLink(order),
    dedupeKey: fulfilledMessageKey(order),
  });
  return row ?? null;
}
