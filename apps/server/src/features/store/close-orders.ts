import { ErrorCode } from '@picbook/contracts';
import { nextOrderStatus, type OrderStatus } from '@picbook/domain';
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
  reason: 'timeout' | 'cancelled' | 'operator',
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
 * POST /api/v1/order/{id}/cancel: the parent gives up an unpaid order. The answer says what is
 * true: the closed order, or 10400 when it was paid, before the cancel or at the same moment.
 */
export async function cancelOrder(
  deps: AppDeps,
  log: FastifyBaseLogger,
  order: OrderRow,
): Promise<OrderRow> {
  const closed = await deps.db.transaction((tx) =>
    closeOrderInTx(tx, order.id, 'cancelled', deps.clock.now()),
  );
  if (closed && !(await closeAtProvider(deps, log, closed))) {
    // The provider would not close it: most often the family paid on the cashier page just now
    // and its notification is still on the way. Settle that payment here (closed → paid →
    // fulfilled) rather than answer "closed" for an order that is about to be fulfilled.
    await settleFromProvider(deps, log, closed, 'a cancel');
  }
  const latest = await createOrderQueries(deps.db).findById(order.id);
  if (latest?.status === 'closed') return latest;
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
