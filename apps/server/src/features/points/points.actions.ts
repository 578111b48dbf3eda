import { ErrorCode } from '@picbook/contracts';
import { ORDER_STATUS } from '@picbook/domain';
import { and, eq, gte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { isCheckViolation } from '../../platform/db/errors';
import { pointsOrders, pointsSkus, users } from '../../platform/db/schema';
import { AppError, invalidParams } from '../../platform/errors';
import { AlreadyPostedError, postInTransaction } from '../../platform/ledger/ledger';
import { nonZeroDelta } from '../../platform/ops/inputs';
import { defineOperatorAction } from '../../platform/ops/operator-action';
import { cancelOrderInTx } from './exchange-goods';
import { presentOrder } from './mall.presenter';
import { createMallQueries } from './mall.queries';
import { saveGoods, ZGoodsInput } from './mall-admin';

const orderId = z.number().int().positive();

/** Goods, SKUs and prices of the points mall (stock of new SKUs only). */
export const saveGoodsAction = defineOperatorAction({
  name: 'points.saveGoods',
  summary: 'Create or change a points-mall goods with its SKUs (prices in points)',
  roles: ['commerce'],
  input: ZGoodsInput,
  async run({ tx, input, now }) {
    const before = input.item_id ? await createMallQueries(tx).findGoods(input.item_id) : null;
    const id = await saveGoods(tx, input, now);
    const after = await createMallQueries(tx).findGoods(id);
    return { result: { item_id: id }, target: `goods:${id}`, before, after };
  },
});

/**
 * Adds to or takes from a SKU's real stock in one conditional statement, so it never races with
 * exchanges into a negative stock.
 */
export const adjustStockAction = defineOperatorAction({
  name: 'points.adjustStock',
  summary: "Add to (or take from) a SKU's stock",
  roles: ['commerce'],
  input: z.object({
    sku_id: z.number().int().positive(),
    delta: nonZeroDelta(1_000_000),
  }),
  async run({ tx, input }) {
    const [row] = await tx
      .update(pointsSkus)
      .set({ stock: sql`${pointsSkus.stock} + ${input.delta}` })
      .where(
        and(eq(pointsSkus.id, input.sku_id), gte(sql`${pointsSkus.stock} + ${input.delta}`, 0)),
      )
      .returning({ stock: pointsSkus.stock });
    if (!row) throw invalidParams('delta', '规格不存在，或库存不能小于0');
    return {
      result: { sku_id: input.sku_id, stock: row.stock },
      target: `sku:${input.sku_id}`,
      before: { stock: row.stock - input.delta },
      after: { stock: row.stock },
    };
  },
});

/** A placed order goes out: carrier and tracking number; the family can no longer cancel it. */
export const shipOrderAction = defineOperatorAction({
  name: 'points.shipOrder',
  summary: 'Mark a points-mall order shipped with its carrier and tracking number',
  roles: ['commerce', 'support'],
  input: z.object({
    order_id: orderId,
    carrier: z.string().trim().min(1).max(30),
    tracking_no: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{4,40}$/, '运单号格式不正确'),
  }),
  async run({ tx, input, now }) {
    const [row] = await tx
      .update(pointsOrders)
      .set({
        status: ORDER_STATUS.shipped,
        carrier: input.carrier,
        trackingNo: input.tracking_no,
        shippedAt: now,
      })
      .where(and(eq(pointsOrders.id, input.order_id), eq(pointsOrders.status, ORDER_STATUS.placed)))
      .returning();
    if (!row) throw new AppError(ErrorCode.NotAllowed, '只有待发货的订单可以发货');
    return {
      result: presentOrder(row),
      target: `points_order:${row.id}`,
      before: { status: ORDER_STATUS.placed },
      after: { status: row.status, carrier: row.carrier, tracking_no: row.trackingNo },
    };
  },
});

/** Cancels an order for a family (also after shipping, e.g. lost in the post): points back once. */
export const cancelOrderAction = defineOperatorAction({
  name: 'points.cancelOrder',
  summary: 'Cancel a points-mall order: points (and unshipped stock) return once',
  roles: ['support', 'commerce'],
  needsReason: true,
  input: z.object({ order_id: orderId }),
  async run({ tx, input, operator, now }) {
    const before = await createMallQueries(tx).findOrder(input.order_id);
    const row = await cancelOrderInTx(tx, { orderId: input.order_id, by: operator.name, now });
    return {
      result: presentOrder(row),
      target: `points_order:${row.id}`,
      before: before ? { status: before.status } : null,
      after: { status: row.status },
    };
  },
});

/** Points put right by support (a positive or negative correction), once per request id. */
export const grantPointsAction = defineOperatorAction({
  name: 'points.grant',
  summary: "Correct a family's points (positive or negative), once per request_id",
  roles: ['support'],
  needsReason: true,
  input: z.object({
    user_id: z.number().int().positive(),
    points: nonZeroDelta(100_000),
    request_id: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/, 'request_id 应为8–64位字母、数字、- 或 _'),
  }),
  async run({ tx, input }) {
    const user = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.user_id));
    if (user.length === 0) throw invalidParams('user_id', '用户不存在');
    try {
      const balances = await postInTransaction(tx, {
        userId: input.user_id,
        idempotencyKey: `ops-points:${input.request_id}`,
        reason: `ops-points:${input.request_id}`,
        lines: [{ currency: 'points', delta: input.points }],
      });
      return {
        result: { user_id: input.user_id, points: balances.points },
        target: `user:${input.user_id}`,
        before: { points: balances.points - input.points },
        after: { points: balances.points },
      };
    } catch (error) {
      if (isCheckViolation(error)) throw invalidParams('points', '扣减后积分不能小于0');
      if (error instanceof AlreadyPostedError) {
        throw new AppError(ErrorCode.AlreadyReceived, '这次调整已经做过了（request_id 相同）');
      }
      throw error;
    }
  },
});

export const pointsActions = [
  saveGoodsAction,
  adjustStockAction,
  shipOrderAction,
  cancelOrderAction,
  grantPointsAction,
];
