import { describe, expect, it } from 'vitest';
import { isPromotionActive, type PromotionRule } from './promotions';

const base: PromotionRule = {
  editions: [],
  min_web_ver: '',
  phone_only: 0,
  start_time: 1000,
  end_time: 2000,
};

describe('isPromotionActive', () => {
  it.each([
    ['inside the window', base, { now: 1500 }, true],
    ['at the start (inclusive)', base, { now: 1000 }, true],
    ['at the end (exclusive)', base, { now: 2000 }, false],
    ['before the window', base, { now: 999 }, false],
    ['edition listed', { ...base, editions: ['alpha'] }, { now: 1500, edition: 'alpha' }, true],
    ['edition not listed', { ...base, editions: ['alpha'] }, { now: 1500, edition: 'std' }, false],
    ['edition missing', { ...base, editions: ['alpha'] }, { now: 1500 }, false],
    [
      'web version high enough',
      { ...base, min_web_ver: '2.1.0' },
      { now: 1500, webVer: '2.10.0' },
      true,
    ],
    [
      'web version too low',
      { ...base, min_web_ver: '2.1.0' },
      { now: 1500, webVer: '2.0.9' },
      false,
    ],
    ['web version missing', { ...base, min_web_ver: '2.1.0' }, { now: 1500 }, false],
    ['phone only, on a phone', { ...base, phone_only: 1 }, { now: 1500, asPhone: 1 }, true],
    ['phone only, on a tablet', { ...base, phone_only: 1 }, { now: 1500, asPhone: 0 }, false],
  ] as const)('%s', (_name, rule, client, expected) => {
    expect(isPromotionActive(rule, client)).toBe(expected);
  });
});
