import { describe, expect, it } from 'vitest';
import {
  checkAddress,
  exchangeVerdict,
  FAKE_STOCK_TOTAL,
  fakeStock,
  nextStreak,
  POINTS_RECORD_PAGE_SIZE,
  signInPoints,
  taskPeriods,
  taskState,
} from './points-mall';

/** Unix seconds of a China wall-clock time on 2026-11-21. */
const china = (hh: number, mm = 0, ss = 0) => Date.UTC(2026, 10, 21, hh - 8, mm, ss) / 1000;

describe('fake stock (§9: total 421, remaining 421 minus up to 362 by time of day)', () => {
  it.each([
    ['00:00:00', china(0), 421],
    ['06:00', china(6), 421 - 90],
    ['12:00', china(12), 421 - 181],
    ['18:00', china(18), 421 - 271],
    ['23:59:59', china(23, 59, 59), 421 - 361],
  ])('at %s China time', (_label, at, remaining) => {
    expect(fakeStock(at, 10_000)).toEqual({ total: FAKE_STOCK_TOTAL, remaining });
  });

  it('never falls below 421 − 362 = 59 and starts again at midnight', () => {
    for (let s = 0; s < 86_400; s += 97) {
      const { remaining } = fakeStock(china(0) + s, 10_000);
      expect(remaining).toBeGreaterThanOrEqual(59);
      expect(remaining).toBeLessThanOrEqual(421);
    }
    expect(fakeStock(china(0) + 86_400, 10_000).remaining).toBe(421);
  });

  it.each([
    [3, 3],
    [0, 0],
    [500, 421],
  ])('never shows more than the real stock (%i real → %i shown at midnight)', (real, shown) => {
    expect(fakeStock(china(0), real).remaining).toBe(shown);
  });
});

describe('daily sign-in streak and points', () => {
  it.each([
    [null, '2026-11-21', 1],
    [{ day: '2026-11-20', streak: 3 }, '2026-11-21', 4],
    [{ day: '2026-11-19', streak: 3 }, '2026-11-21', 1],
    [{ day: '2026-11-21', streak: 5 }, '2026-11-21', 5],
    [{ day: '2026-12-31', streak: 7 }, '2027-01-01', 8],
    [{ day: '2028-02-28', streak: 1 }, '2028-02-29', 2],
  ])('last %j, today %s → streak %i', (last, today, streak) => {
    expect(nextStreak(last, today)).toBe(streak);
  });

  const week = [5, 5, 10, 10, 15, 15, 30];
  it.each([
    [1, 5],
    [3, 10],
    [7, 30],
    [8, 5],
    [14, 30],
  ])('streak day %i pays %i', (streak, points) => {
    expect(signInPoints(streak, week)).toBe(points);
  });
});

describe('exchange check (§4: success on 0, fail on 10019/10025, error after retries)', () => {
  it.each([
    [0, 'success'],
    [10019, 'fail'],
    [10025, 'fail'],
    [10000, 'retry'],
    [-1, 'retry'],
    [0 - 2, 'retry'],
    [408, 'retry'],
    [502, 'retry'],
    [10429, 'retry'],
    [10001, 'error'],
    [10024, 'error'],
    [10400, 'error'],
  ])('code %i → %s', (code, verdict) => {
    expect(exchangeVerdict(code)).toBe(verdict);
  });
});

describe('task states (§3: 0 open, 1 finished, 2 collected)', () => {
  it.each([
    ['daily', 0, 1, 0, { status: 0, claimable: 0 }],
    ['daily', 1, 1, 0, { status: 1, claimable: 1 }],
    ['daily', 3, 1, 1, { status: 2, claimable: 0 }],
    ['once', 1, 1, 1, { status: 2, claimable: 0 }],
    ['each', 3, 1, 1, { status: 1, claimable: 2 }],
    ['each', 2, 1, 2, { status: 0, claimable: 0 }],
    ['each', 0, 1, 0, { status: 0, claimable: 0 }],
  ] as const)(
    '%s progress %i/%i, %i collected → %j',
    (kind, progress, target, collected, state) => {
      expect(taskState(kind, progress, target, collected)).toEqual(state);
    },
  );
});

describe('task claim periods (one per reward the events earned)', () => {
  it.each([
    ['daily', 0, 1, []],
    ['daily', 3, 1, ['2026-11-21']],
    ['once', 1, 1, ['once']],
    ['once', 1, 2, []],
    ['each', 0, 1, []],
    ['each', 3, 1, ['1', '2', '3']],
    ['each', 5, 2, ['1', '2']],
  ] as const)('%s progress %i/%i → %j', (kind, progress, target, periods) => {
    expect(taskPeriods(kind, progress, target, '2026-11-21')).toEqual(periods);
  });
});

describe('address form', () => {
  const ok = { name: '王小明', phone: '13800138000', street: '中关村大街1号' };
  it('accepts a complete address', () => expect(checkAddress(ok)).toBeNull());
  it.each([
    [{ name: ' ' }, 'name', '请填写收货人姓名'],
    [{ name: '王'.repeat(21) }, 'name', '收货人姓名不能超过20个字'],
    [{ phone: '' }, 'phone', '请填写手机号'],
    [{ phone: '1380013800' }, 'phone', '请输入正确的11位手机号'],
    [{ phone: '23800138000' }, 'phone', '请输入正确的11位手机号'],
    [{ street: '1号' }, 'street', '请填写详细地址（街道、门牌号）'],
    [{ street: '路'.repeat(81) }, 'street', '详细地址不能超过80个字'],
  ])('%j → %s: %s', (change, field, message) => {
    expect(checkAddress({ ...ok, ...change })).toEqual({ field, message });
  });
});

it('record page size is 10 (§9)', () => expect(POINTS_RECORD_PAGE_SIZE).toBe(10));
