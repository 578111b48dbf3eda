import { ErrorCode, type TOrder } from '@picbook/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { closeAtProvider, closeOrderInTx } from './close-orders';
import { createOrderQueries, type OrderRow } from './orders.queries';
import { presentOrders } from './present-order';
import { fulfilOrder, settleFromProvider } from './settle-payment';

/** The order if it is this user's; 10024 otherwise (another family's order does not exist). */
export async function findOwnOrder(deps: AppDeps, userId: number, orderNo: string) {
  const order = await createOrderQueries(deps.db).findByNo(orderNo);
  if (!order || order.userId !== userId) {
    throw new AppError(ErrorCode.RecordNotFound, '订单不存在', { field: 'id' });
  }
  return order;
}

/**
 * GET /api/v1/order/{id} (§4 order check): the order as it is now. An unpaid order past its
 * window closes here; an unpaid one still open asks its provider (a notification may be late or
 * lost); a paid one whose right is missing is fulfilled.
 */
export async function readOrder(
  deps: AppDeps,
  log: FastifyBaseLogger,
  userId: number,
  orderNo: string,
): Promise<TOrder> {
  let order: OrderRow = await findOwnOrder(deps, userId, orderNo);
  const now = deps.clock.now();
  if (order.status === 'created' && order.expireAt.getTime() <= now.getTime()) {
    const closed = await deps.db.transaction((tx) => closeOrderInTx(tx, order.id, 'timeout', now));
    if (closed) await closeAtProvider(deps, log, closed);
  } else if (order.status === 'created') {
    await settleFromProvider(deps, log, order, 'the order check');
  } else if (order.status === 'paid') {
    await fulfilOrder(deps, order.id);
  }
  order = (await createOrderQueries(deps.db).findById(order.id)) ?? order;
  const [presented] = await presentOrders(deps.db, [order]);
  if (!presented) throw new Error('order vanished');
  return presented;
}
