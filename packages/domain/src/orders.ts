/**
 * Store orders (decision 034): the state machine and the numbers around it.
 *
 *   created ──pay──▶ paid ──fulfil──▶ fulfilled ──refund──▶ refunded
 *      │               └──────────refund─────────────────────▲
 *      └──close──▶ closed ──pay──▶ paid   (money that arrives after the close still counts)
 */
export const ORDER_STATUSES = ['created', 'paid', 'fulfilled', 'closed', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type OrderEvent = 'pay' | 'fulfil' | 'close' | 'refund';

const TRANSITIONS: Record<OrderStatus, Partial<Record<OrderEvent, OrderStatus>>> = {
  created: { pay: 'paid', close: 'closed' },
  paid: { fulfil: 'fulfilled', refund: 'refunded' },
  fulfilled: { refund: 'refunded' },
  // The family paid although we had given up waiting (a late or out-of-order notification):
  // the money is real, so the order is paid and fulfilled after all.
  closed: { pay: 'paid' },
  refunded: {},
};

/** The status after `event`, or null when the event does not apply in this status. */
export function nextOrderStatus(status: OrderStatus, event: OrderEvent): OrderStatus | null {
  return TRANSITIONS[status][event] ?? null;
}

/** An unpaid order closes after 30 minutes (the providers' own payment window is set to match). */
export const ORDER_PAY_WINDOW_MS = 30 * 60 * 1000;

/** Whether an order still waits for its money. */
export function isAwaitingPayment(
  order: { status: OrderStatus; expireAt: Date },
  now: Date,
): boolean {
  return order.status === 'created' && now.getTime() < order.expireAt.getTime();
}

/** Why an unpaid order was closed (decision 093). */
export type CloseReason = 'timeout' | 'cancelled' | 'operator' | 'provider_error';

/**
 * What a payment that reaches a closed order does (decision 093). After a timeout, an operator's
 * close or a failed start the money still counts (closed → paid → fulfilled: the family paid at
 * the last second). An order the family cancelled never grants: the provider had agreed to close
 * it, so money that arrives anyway goes back (WeChat Pay, Alipay refund it at once).
 */
export function latePaymentFor(closeReason: string | null): 'settle' | 'refund' {
  return closeReason === 'cancelled' ? 'refund' : 'settle';
}

/** Whether the family may cancel an order itself: unpaid, and paid on the web (an in-app
 * purchase has no close-order call at Apple or Huawei; it closes by timeout). */
export function isCancellable(order: { status: OrderStatus; payMethod: string }): boolean {
  return (
    order.status === 'created' && (order.payMethod === 'wechat' || order.payMethod === 'alipay')
  );
}

export interface PendingOrderLike {
  id: string;
  product_id: string;
  status: OrderStatus;
  /** Unix seconds until which it can still be paid. */
  expire_time: number;
  create_time: number;
}

/**
 * A pay tap while an unpaid order for the same goods still waits offers to continue that order
 * instead of making another (issue 40): the newest such order, or null.
 */
export function pendingOrderFor<T extends PendingOrderLike>(
  orders: readonly T[],
  productId: string,
  nowS: number,
): T | null {
  let found: T | null = null;
  for (const order of orders) {
    if (order.product_id !== productId || order.status !== 'created') continue;
    if (order.expire_time <= nowS) continue;
    if (!found || order.create_time > found.create_time) found = order;
  }
  return found;
}

/** Whether the order's right was granted and still stands. */
export const isFulfilled = (status: OrderStatus) => status === 'fulfilled';

/**
 * The order number families and providers see: `PB` + the China date + 12 random digits, so
 * numbers reveal nothing about how many orders there are (the database keeps them unique).
 */
export function orderNumber(createdAt: Date, random12: string): string {
  if (!/^\d{12}$/.test(random12)) throw new RangeError('random12 must be 12 digits');
  const china = new Date(createdAt.getTime() + 8 * 3600 * 1000).toISOString();
  return `PB${china.slice(2, 10).replaceAll('-', '')}${random12}`;
}

export const ORDER_NUMBER_PATTERN = /^PB\d{18}$/;

/** §4 order check: the order is looked at once, then again after 1, 3 and 5 seconds. */
export const ORDER_CHECK_RETRY_DELAYS_MS = [1000, 3000, 5000] as const;
