import type { TOrder, TPayMethod } from '@picbook/contracts';
import type { OrderStatus } from '@picbook/domain';
import type { DbOrTx } from '../../platform/db/client';
import { unixSeconds } from '../../platform/time';
import { createOrderQueries, type OrderRow, type PaymentRow } from './orders.queries';

const seconds = (at: Date | null) => (at ? unixSeconds(at) : null);

/** An order as the parent sees it, with the receipt of its payment (and what was refunded). */
export function presentOrder(order: OrderRow, paymentRows: readonly PaymentRow[]): TOrder {
  const paid = paymentRows.find((p) => p.orderId === order.id && p.kind === 'payment');
  const refunded = paymentRows
    .filter((p) => p.orderId === order.id && p.kind === 'refund')
    .reduce((sum, p) => sum + p.amount, 0);
  return {
    id: order.orderNo,
    product_id: order.productId,
    title: order.title,
    right_name: order.rightName,
    days: order.days,
    amount: order.amount,
    currency: order.currency,
    pay_method: order.payMethod as TPayMethod,
    status: order.status as OrderStatus,
    promo_label: order.promoLabel,
    create_time: unixSeconds(order.createdAt),
    expire_time: unixSeconds(order.expireAt),
    paid_time: seconds(order.paidAt),
    fulfilled_time: seconds(order.fulfilledAt),
    closed_time: seconds(order.closedAt),
    close_reason: order.closeReason,
    refunded_time: seconds(order.refundedAt),
    right_expire_time: seconds(order.rightExpireAt),
    receipt: paid
      ? {
          order_id: order.orderNo,
          pay_method: paid.method as TPayMethod,
          transaction_id: paid.providerTxnId,
          amount: paid.amount,
          currency: paid.currency,
          paid_time: unixSeconds(paid.at),
          refunded_amount: refunded,
        }
      : null,
  };
}

/** Orders with their payments read in one query. */
export async function presentOrders(db: DbOrTx, rows: OrderRow[]): Promise<TOrder[]> {
  const paymentRows = await createOrderQueries(db).paymentsOf(rows.map((o) => o.id));
  return rows.map((o) => presentOrder(o, paymentRows));
}
