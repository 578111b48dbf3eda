import { ErrorCode } from '@picbook/contracts';
import {
  type CloseReason,
  isCancellable,
  nextOrderStatus,
  type OrderStatus,
} from '@picbook/domain';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Tx } from '../../platform/db/client';
import { orders } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { createOrderQueries, type OrderRow } from './orders.queries';
import { fulfilOrder, settleFromProvider } from './settle-payment';

/**
 * created → closed inside the caller's transaction (the order row locked). Answers the closed
 * order, or null when it was no longer waiting (paid meanwhile, closed already).
 */
export async function closeOrderInTx(
  tx: Tx,
  orderId: number,
  reason: Exclude<CloseReason, 'provider_error'>,
  now: Date,
): Promise<OrderRow | null> {
  const order = await createOrderQueries(tx).findById(orderId, true);
  if (!order) return null;
  const next = nextOrderStatus(order.status as OrderStatus, 'close');
  if (!next) return null;
  const [closed] = await tx
    .update(orders)
    .set({ status: next, closedAt: now, closeReason: reason })
    .where(eq(orders.id, order.id))
    .returning();
  return closed ?? null;
}

/** Where a failed provider close is noted (a request's logger, or the console for operators). */
type WarnLog = { warn(detail: object, message: string): void };

/**
 * Tells the provider to stop taking money for a closed order; a failure is only logged. Answers
 * whether the provider closed it: it refuses when the order was paid there (a payment that beats
 * the close is honoured anyway, closed → paid).
 */
export async function closeAtProvider(
  deps: AppDeps,
  log: WarnLog,
  order: OrderRow,
): Promise<boolean> {
  const provider = deps.payments.web[order.payMethod as 'wechat' | 'alipay'];
  if (!provider) return true;
  try {
    await provider.close(order.orderNo);
    return true;
  } catch (error) {
    log.warn({ err: error, orderNo: order.orderNo }, 'provider close failed');
    return false;
  }
}

/**
 * The sweep (every minute in a running server, and on reading an order): unpaid orders past their
 * 30-minute window close; paid orders whose right is missing are fulfilled.
 */
export async function sweepOrders(
  deps: AppDeps,
  log: FastifyBaseLogger,
  limit = 200,
): Promise<{ closed: number; fulfilled: number }> {
  const now = deps.clock.now();
  const q = createOrderQueries(deps.db);
  let closed = 0;
  for (const order of await q.expired(now, limit)) {
    const done = await deps.db.transaction((tx) => closeOrderInTx(tx, order.id, 'timeout', now));
    if (!done) continue;
    closed++;
    await closeAtProvider(deps, log, done);
  }
  let fulfilled = 0;
  for (const order of await q.paidNotFulfilled(limit)) {
    if (await fulfilOrder(deps, order.id)) fulfilled++;
  }
  return { closed, fulfilled };
}

/**
 * POST /api/v1/order/{id}/cancel (decision 093): the parent gives up an unpaid order. The provider
 * decides what wins against a payment made at the same moment: with the order row locked (a
 * notification for it waits), the provider is asked to close the order first.
 * - It closes: the order closes here too ("cancelled"); the provider will take no money for it,
 *   and money that arrives anyway is given back, never granted (settle-payment.ts).
 * - It refuses because the family paid there: the payment is settled now and the answer is 10400.
 * - It cannot be reached: nothing changes and the parent is asked to try again (15004).
 * In-app purchases have no close-order call; they close by timeout. Cancelling a closed order
 * answers it as it is.
 */
export async function cancelOrder(
  deps: AppDeps,
  log: FastifyBaseLogger,
  order: OrderRow,
): Promise<OrderRow> {
  if (order.status === 'closed') return order;
  if (
    order.status === 'created' &&
    !isCancellable(order as { status: OrderStatus; payMethod: string })
  ) {
    throw new AppError(
      ErrorCode.NotAllowed,
      '应用内购买的订单不能在这里取消，未完成的购买会在 30 分钟后自动关闭',
    );
  }
  const q = createOrderQueries(deps.db);
  const outcome = await deps.db.transaction(async (tx) => {
    const locked = await createOrderQueries(tx).findById(order.id, true);
    if (locked?.status !== 'created') return 'moved' as const;
    const provider = deps.payments.web[locked.payMethod as 'wechat' | 'alipay'];
    if (provider) {
      try {
        await provider.close(locked.orderNo);
      } catch (error) {
        log.warn({ err: error, orderNo: locked.orderNo }, 'provider refused to close on cancel');
        return 'refused' as const;
      }
    }
    await closeOrderInTx(tx, locked.id, 'cancelled', deps.clock.now());
    return 'closed' as const;
  });
  if (outcome === 'refused') {
    // Most often the family paid on the cashier just now and the notification is on the way:
    // settle that payment here (created → paid → fulfilled) instead of waiting for it.
    await settleFromProvider(deps, log, order, 'a cancel');
  }
  const latest = await q.findById(order.id);
  if (latest?.status === 'closed') return latest;
  if (latest?.status === 'created') {
    throw new AppError(ErrorCode.PaymentProviderFailed, '暂时无法取消订单，请稍后再试');
  }
  throw new AppError(ErrorCode.NotAllowed, '订单已支付，不能取消');
}

/** Runs the sweep every minute in a running server; answers how to stop it. */
export function startOrderSweeper(app: FastifyInstance, everyMs = 60_000): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepOrders(app.deps, app.log)
      .catch((error: unknown) => app.log.error({ err: error }, 'order sweep failed'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
