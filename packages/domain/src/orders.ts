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
