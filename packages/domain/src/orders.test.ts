import { describe, expect, it } from 'vitest';
import {
  isAwaitingPayment,
  isCancellable,
  latePaymentFor,
  nextOrderStatus,
  ORDER_CHECK_RETRY_DELAYS_MS,
  ORDER_NUMBER_PATTERN,
  ORDER_PAY_WINDOW_MS,
  ORDER_STATUSES,
  type OrderEvent,
  type OrderStatus,
  orderNumber,
  pendingOrderFor,
} from './orders';

describe('order state machine (issue 15: created → paid → fulfilled; closed; refunded)', () => {
  const table: Array<[OrderStatus, OrderEvent, OrderStatus | null]> = [
    ['created', 'pay', 'paid'],
    ['created', 'close', 'closed'],
    ['created', 'fulfil', null],
    ['created', 'refund', null],
    ['paid', 'fulfil', 'fulfilled'],
    ['paid', 'refund', 'refunded'],
    ['paid', 'pay', null],
    ['paid', 'close', null],
    ['fulfilled', 'refund', 'refunded'],
    ['fulfilled', 'pay', null],
    ['fulfilled', 'fulfil', null],
    ['fulfilled', 'close', null],
    // A payment that arrives after the timeout closed the order still counts.
    ['closed', 'pay', 'paid'],
    ['closed', 'close', null],
    ['closed', 'refund', null],
    ['closed', 'fulfil', null],
    ['refunded', 'pay', null],
    ['refunded', 'close', null],
    ['refunded', 'fulfil', null],
    ['refunded', 'refund', null],
  ];
  it.each(table)('%s --%s--> %s', (status, event, next) => {
    expect(nextOrderStatus(status, event)).toBe(next);
  });

  it('every status and event is in the table', () => {
    const events: OrderEvent[] = ['pay', 'fulfil', 'close', 'refund'];
    const pairs = new Set(table.map(([status, event]) => `${status}:${event}`));
    expect(pairs.size).toBe(ORDER_STATUSES.length * events.length);
    expect(pairs.size).toBe(table.length);
  });
});

describe('payment window', () => {
  const created = new Date('2026-11-21T02:00:00Z');
  const expireAt = new Date(created.getTime() + ORDER_PAY_WINDOW_MS);
  it.each([
    ['created', 0, true],
    ['created', ORDER_PAY_WINDOW_MS - 1, true],
    ['created', ORDER_PAY_WINDOW_MS, false],
    ['paid', 0, false],
  ] as const)('%s after %i ms → %s', (status, after, awaiting) => {
    expect(isAwaitingPayment({ status, expireAt }, new Date(created.getTime() + after))).toBe(
      awaiting,
    );
  });
  it('is 30 minutes', () => expect(ORDER_PAY_WINDOW_MS).toBe(1_800_000));
});

describe('order numbers', () => {
  it('PB + China date + 12 random digits', () => {
    const no = orderNumber(new Date('2026-11-21T17:00:00Z'), '000000420731');
    expect(no).toBe('PB261122000000420731');
    expect(ORDER_NUMBER_PATTERN.test(no)).toBe(true);
    expect(() => orderNumber(new Date(), '12ab')).toThrow(RangeError);
  });
});

describe('§4 / §9 order check', () => {
  it('retries at 1, 3 and 5 s (four looks in all)', () => {
    expect(ORDER_CHECK_RETRY_DELAYS_MS).toEqual([1000, 3000, 5000]);
  });
});

describe('latePaymentFor: money for a closed order (decision 093)', () => {
  it.each([
    ['timeout', 'settle'],
    ['operator', 'settle'],
    ['provider_error', 'settle'],
    [null, 'settle'],
    // The family cancelled and the provider agreed to close: it never grants, the money goes back.
    ['cancelled', 'refund'],
  ] as const)('%s → %s', (reason, action) => {
    expect(latePaymentFor(reason)).toBe(action);
  });
});

describe('isCancellable: unpaid web orders only', () => {
  it.each([
    ['created', 'wechat', true],
    ['created', 'alipay', true],
    ['created', 'apple', false],
    ['created', 'huawei', false],
    ['paid', 'wechat', false],
    ['fulfilled', 'wechat', false],
    ['closed', 'wechat', false],
    ['refunded', 'alipay', false],
  ] as const)('%s %s → %s', (status, payMethod, cancellable) => {
    expect(isCancellable({ status, payMethod })).toBe(cancellable);
  });
});

describe('pendingOrderFor: a pay tap offers the unpaid order of the same goods', () => {
  const now = 1_800_000_000;
  const o = (id: string, product_id: string, status: OrderStatus, expireIn: number, age = 0) => ({
    id,
    product_id,
    status,
    expire_time: now + expireIn,
    create_time: now - 100 - age,
  });
  it.each([
    ['none', [], null],
    ['an open order of the goods', [o('A', 'vip_12m', 'created', 600)], 'A'],
    ['other goods', [o('A', 'vip_1m', 'created', 600)], null],
    ['past its window', [o('A', 'vip_12m', 'created', 0)], null],
    ['closed', [o('A', 'vip_12m', 'closed', 600)], null],
    ['fulfilled', [o('A', 'vip_12m', 'fulfilled', 600)], null],
    [
      'the newest of two',
      [o('A', 'vip_12m', 'created', 600, 50), o('B', 'vip_12m', 'created', 900, 0)],
      'B',
    ],
  ] as const)('%s → %s', (_, orders, expected) => {
    expect(pendingOrderFor(orders, 'vip_12m', now)?.id ?? null).toBe(expected);
  });
});
