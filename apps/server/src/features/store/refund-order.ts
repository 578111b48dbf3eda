import { ErrorCode } from '@picbook/contracts';
import { nextOrderStatus, type OrderStatus } from '@picbook/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { orders, payments } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { RefundResult } from '../../platform/payments/types';
import { type RevokeRightResult, revokeRight } from '../rights/grant-right';
import { createOrderQueries, type OrderRow } from './orders.queries';
import { orderSource } from './settle-payment';

export interface RefundInput {
  orderId: number;
  reason: string;
  /**
   * The money went back outside our call: Apple refunds the family itself (REFUND notification),
   * or an operator refunded in the provider's console.
   */
  external?: { refundId: string } | undefined;
  now: Date;
}

/**
 * paid / fulfilled → refunded inside the caller's transaction (the operator action's, with its
 * audit row; or the Apple notification's): the whole payment goes back through the provider
 * unless it went back already, the refund is recorded, and the right the order granted is revoked
 * (features/rights). Refused for orders that were never paid or are refunded already.
 */
export async function refundOrderInTx(
  tx: Tx,
  deps: AppDeps,
  input: RefundInput,
): Promise<{ order: OrderRow; refund: RefundResult; revoked: RevokeRightResult | null }> {
  const order = await createOrderQueries(tx).findById(input.orderId, true);
  if (!order) throw new AppError(ErrorCode.RecordNotFound, '订单不存在');
  const next = nextOrderStatus(order.status as OrderStatus, 'refund');
  if (!next) throw new AppError(ErrorCode.NotAllowed, `订单状态为 ${order.status}，不能退款`);
  const [paid] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.kind, 'payment')))
    .limit(1);
  if (!paid) throw new AppError(ErrorCode.NotAllowed, '订单没有支付记录，不能退款');

  let refund: RefundResult;
  if (input.external) {
    refund = { refundId: input.external.refundId, status: 'succeeded' };
  } else {
    const provider = deps.payments.web[order.payMethod as 'wechat' | 'alipay'];
    if (!provider) {
      throw new AppError(
        ErrorCode.NotAllowed,
        '该渠道的退款需在渠道后台完成（App Store 由苹果退款），完成后以 external 标记',
      );
    }
    refund = await provider.refund({
      orderNo: order.orderNo,
      refundNo: `R${order.orderNo.slice(2)}`,
      amount: paid.amount,
      total: paid.amount,
      reason: input.reason,
    });
  }
  await tx
    .insert(payments)
    .values({
      orderId: order.id,
      kind: 'refund',
      method: order.payMethod,
      providerTxnId: refund.refundId,
      amount: paid.amount,
      currency: paid.currency,
      status: refund.status,
      detail: { reason: input.reason },
      at: input.now,
    })
    .onConflictDoNothing();
  const revoked =
    order.userId === null
      ? null
      : await revokeRight(tx, {
          userId: order.userId,
          source: orderSource(order),
          idempotencyKey: `refund:${order.id}`,
          now: input.now,
        });
  const [row] = await tx
    .update(orders)
    .set({ status: next, refundedAt: input.now })
    .where(eq(orders.id, order.id))
    .returning();
  return { order: row ?? order, refund, revoked };
}
