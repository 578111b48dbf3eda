import { ErrorCode } from '@picbook/contracts';
import {
  formatYuanExact,
  nextOrderStatus,
  type OrderStatus,
  validUntilText,
} from '@picbook/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { orders, parentMessages, payments, rightGrants } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { writeMessage } from '../../platform/messages/parent-messages';
import type { RefundResult } from '../../platform/payments/types';
import { type RevokeRightResult, revokeRight } from '../rights';
import { createOrderQueries, type OrderRow } from './orders.queries';
import { fulfilledMessageKey, orderLink, orderSource, refundNumberOf } from './settle-payment';

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
 * (features/rights). Refused for orders that were never paid or are refunded already. A deleted
 * family's order refunds the same way, to the original payment, and revokes nothing (decision 094).
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
      refundNo: refundNumberOf(order),
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
      ? await recordDeletedFamilyRevocation(tx, order, input.now)
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
  if (order.userId !== null) {
    await tellRefund(tx, order, order.userId, paid.amount, revoked, input.now);
  }
  return { order: row ?? order, refund, revoked };
}

/**
 * The family hears of the refund (decision 093): a 已退款 message with what the right is now,
 * and the order's 已开通 message is withdrawn — it no longer says what is true.
 */
async function tellRefund(
  tx: Tx,
  order: OrderRow,
  userId: number,
  amount: number,
  revoked: RevokeRightResult | null,
  now: Date,
) {
  const right = revoked?.rights.find((r) => r.name === order.rightName);
  const still =
    right && right.expireAt.getTime() > now.getTime()
      ? `该权益现在${validUntilText(right.expireAt)}`
      : '该权益现已结束';
  await tx
    .delete(parentMessages)
    .where(
      and(
        eq(parentMessages.userId, userId),
        eq(parentMessages.dedupeKey, fulfilledMessageKey(order)),
      ),
    );
  await writeMessage(tx, userId, {
    kind: 'order',
    title: '订单已退款',
    body: `您购买的「${order.title}」已退款 ¥${formatYuanExact(amount)}，款项原路退回，此订单开通的权益已收回（${still}）。`,
    link: orderLink(order),
    dedupeKey: `order:${order.id}:refunded`,
  });
}

/**
 * The order of a deleted family (decision 094): the right it granted went with the account, so
 * nothing is taken from anyone and nothing is re-granted (not to the account the same phone may
 * have made since). The grant record still gets its revocation, anonymised like it, so the books
 * show the grant as taken back.
 */
async function recordDeletedFamilyRevocation(tx: Tx, order: OrderRow, now: Date): Promise<null> {
  const granted = await tx
    .select()
    .from(rightGrants)
    .where(
      and(
        isNull(rightGrants.userId),
        eq(rightGrants.source, orderSource(order)),
        eq(rightGrants.kind, 'grant'),
      ),
    );
  for (const grant of granted) {
    await tx
      .insert(rightGrants)
      .values({
        userId: null,
        rightName: grant.rightName,
        kind: 'revoke',
        source: grant.source,
        idempotencyKey: `refund:${order.id}:${grant.rightName}:${grant.id}`,
        revokesId: grant.id,
        at: now,
        anonymisedAt: now,
      })
      .onConflictDoNothing({ target: rightGrants.idempotencyKey });
  }
  return null;
}
