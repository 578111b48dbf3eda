import { ErrorCode, type TOrderResult } from '@picbook/contracts';
import { FULL_METHOD, ORDER_STATUS } from '@picbook/domain';
import { and, eq, gt, sql } from 'drizzle-orm';
import { requireMember } from '../../platform/auth/require-member';
import type { Tx } from '../../platform/db/client';
import { isCheckViolation, isUniqueViolation } from '../../platform/db/errors';
import { type OrderAddressJson, pointsOrders, pointsSkus } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { type LedgerLine, postInTransaction, readBalances } from '../../platform/ledger/ledger';
import { addressSnapshot, findOwnAddress } from '../addresses';
import { grantRight } from '../rights';
import { presentOrder } from './mall.presenter';
import { createMallQueries, type GoodsWithSkus, type OrderRow, type SkuRow } from './mall.queries';

export interface ExchangeInput {
  userId: number;
  itemId: number;
  skuId: number;
  addressId?: number | undefined;
  requestId?: string | undefined;
}

const notEnoughPoints = () =>
  new AppError(ErrorCode.PointsInsufficient, '积分不足，快去做任务赚积分吧');
const outOfStock = () => new AppError(ErrorCode.OutOfStock, '这个商品已经兑完啦，看看别的吧');

async function answer(deps: AppDeps, order: OrderRow): Promise<TOrderResult> {
  const balances = await readBalances(deps.db, order.userId ?? 0);
  return { order: presentOrder(order), points: balances.points };
}

/** The goods and SKU on sale, or 10024. */
function onSale(item: GoodsWithSkus | null, skuId: number): { item: GoodsWithSkus; sku: SkuRow } {
  const sku = item?.skus.find((s) => s.id === skuId);
  if (!item || !sku || item.goods.status !== 1 || sku.status !== 1) {
    throw new AppError(ErrorCode.RecordNotFound, '商品已下架');
  }
  return { item, sku };
}

/**
 * POST goods/exchange. Points and stock move in one transaction: the SKU's stock is taken by a
 * conditional update (stock > 0, so 50 buyers of the last 3 sell exactly 3), then the order is
 * written and the points debited on the ledger — the balance's check constraint refuses a debit
 * below zero, which rolls the stock back and answers 10019. Virtual goods are delivered in the
 * same transaction (coins on the ledger, membership days through grantRight). Locks: the SKU
 * row, then the balance row (cancel takes the order, the SKU, then the balance: same order).
 * With a request id a retried exchange answers the order it made.
 */
export async function exchangeGoods(deps: AppDeps, input: ExchangeInput): Promise<TOrderResult> {
  const { userId, requestId } = input;
  await requireMember(deps.db, userId);
  const q = createMallQueries(deps.db);
  if (requestId) {
    const earlier = await q.findOrderByRequest(userId, requestId);
    if (earlier) return answer(deps, earlier);
  }
  const { item, sku } = onSale(await q.findGoods(input.itemId), input.skuId);
  const isDelivery = item.goods.fullMethod === FULL_METHOD.delivery;
  let address: OrderAddressJson | null = null;
  if (isDelivery) {
    if (!input.addressId) {
      throw new AppError(ErrorCode.InvalidParams, '请选择收货地址', { field: 'address_id' });
    }
    address = addressSnapshot(await findOwnAddress(deps.db, userId, input.addressId));
  }
  // Early answers for the common cases; the transaction below decides under concurrency.
  if (sku.stock <= 0) throw outOfStock();
  if ((await readBalances(deps.db, userId)).points < sku.price) throw notEnoughPoints();

  const now = deps.clock.now();
  try {
    const order = await deps.db.transaction(async (tx) => {
      const taken = await tx
        .update(pointsSkus)
        .set({ stock: sql`${pointsSkus.stock} - 1`, sold: sql`${pointsSkus.sold} + 1` })
        .where(and(eq(pointsSkus.id, sku.id), gt(pointsSkus.stock, 0), eq(pointsSkus.status, 1)))
        .returning({ id: pointsSkus.id });
      if (taken.length === 0) throw outOfStock();
      const [created] = await tx
        .insert(pointsOrders)
        .values({
          userId,
          goodsId: item.goods.id,
          skuId: sku.id,
          title: item.goods.title,
          skuTitle: sku.title,
          image: item.goods.image,
          kind: item.goods.kind,
          fullMethod: item.goods.fullMethod,
          points: sku.price,
          status: isDelivery ? ORDER_STATUS.placed : ORDER_STATUS.done,
          address,
          requestId: requestId ?? null,
          createdAt: now,
        })
        .returning();
      if (!created) throw new Error('order not written');
      await deliver(tx, created, sku, now);
      return created;
    });
    return answer(deps, order);
  } catch (error) {
    if (isCheckViolation(error)) throw notEnoughPoints();
    if (requestId && isUniqueViolation(error)) {
      const earlier = await q.findOrderByRequest(userId, requestId);
      if (earlier) return answer(deps, earlier);
    }
    throw error;
  }
}

/** The debit, and what a virtual goods gives, in the exchange's transaction. */
async function deliver(tx: Tx, order: OrderRow, sku: SkuRow, now: Date): Promise<void> {
  const userId = order.userId ?? 0;
  const lines: LedgerLine[] = [{ currency: 'points', delta: -order.points }];
  if (order.kind === 'coins' && sku.grantCoins) {
    lines.push({ currency: 'coins', delta: sku.grantCoins });
  }
  await postInTransaction(tx, {
    userId,
    idempotencyKey: `points-exchange:${order.id}`,
    reason: `points-exchange:${order.id}`,
    lines,
  });
  if (order.kind === 'vip' && sku.grantDays) {
    await grantRight(tx, {
      userId,
      name: 'vip',
      days: sku.grantDays,
      source: `points-order:${order.id}`,
      idempotencyKey: `points-order:${order.id}`,
      now,
    });
  }
}

/**
 * Cancels an order in the caller's transaction: the order row is locked and decides (only a
 * placed order — not shipped, not virtual — is cancelled by its family; an operator may also
 * cancel a shipped one), the SKU gets its stock back while the goods never left, and the points
 * come back on the ledger under the order's refund key — so a second cancel, concurrent or
 * later, returns nothing.
 */
export async function cancelOrderInTx(
  tx: Tx,
  input: { orderId: number; userId?: number; by: string; now: Date },
): Promise<OrderRow> {
  const order = await createMallQueries(tx).findOrder(input.orderId, input.userId, true);
  if (!order) throw new AppError(ErrorCode.RecordNotFound, '订单不存在');
  if (order.status === ORDER_STATUS.cancelled) {
    throw new AppError(ErrorCode.NotAllowed, '订单已经取消了');
  }
  const byOperator = input.userId === undefined;
  const allowed =
    order.status === ORDER_STATUS.placed || (byOperator && order.status === ORDER_STATUS.shipped);
  if (!allowed) {
    throw new AppError(
      ErrorCode.NotAllowed,
      order.status === ORDER_STATUS.shipped
        ? '订单已发货，不能取消了'
        : '虚拟商品兑换后立即到账，不能取消',
    );
  }
  if (order.status === ORDER_STATUS.placed) {
    await tx
      .update(pointsSkus)
      .set({ stock: sql`${pointsSkus.stock} + 1`, sold: sql`greatest(${pointsSkus.sold} - 1, 0)` })
      .where(eq(pointsSkus.id, order.skuId));
  }
  const [cancelled] = await tx
    .update(pointsOrders)
    .set({ status: ORDER_STATUS.cancelled, cancelledAt: input.now, cancelledBy: input.by })
    .where(eq(pointsOrders.id, order.id))
    .returning();
  if (order.userId !== null) {
    await postInTransaction(tx, {
      userId: order.userId,
      idempotencyKey: `points-refund:${order.id}`,
      reason: `points-refund:${order.id}`,
      lines: [{ currency: 'points', delta: order.points }],
    });
  }
  if (!cancelled) throw new Error('order not updated');
  return cancelled;
}

/** POST order/cancel by the family. */
export async function cancelOwnOrder(
  deps: AppDeps,
  userId: number,
  orderId: number,
): Promise<TOrderResult> {
  await requireMember(deps.db, userId);
  const order = await deps.db.transaction((tx) =>
    cancelOrderInTx(tx, { orderId, userId, by: 'user', now: deps.clock.now() }),
  );
  return answer(deps, order);
}
