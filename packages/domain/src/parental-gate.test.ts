import { describe, expect, it } from 'vitest';
import { guestBlock } from './guest-rules';
import {
  GATE_ERROR_RESET_MS,
  GATE_PASS_DELAY_MS,
  isGateRequired,
  judgeGateTaps,
  pickGateNumbers,
  toChineseNumeral,
} from './parental-gate';

describe('parental gate (spec §5, §9)', () => {
  it('uses the spec timings', () => {
    expect(GATE_PASS_DELAY_MS).toBe(300);
    expect(GATE_ERROR_RESET_MS).toBe(1000);
  });

  it('picks two different numbers from 1–9', () => {
    for (const r of [0, 0.1, 0.5, 0.99]) {
      const [a, b] = pickGateNumbers(() => r);
      expect(a).toBeGreaterThanOrEqual(1);
      expect(b).toBeLessThanOrEqual(9);
      expect(a).not.toBe(b);
    }
  });

  it.each([
    [3, '三'],
    [7, '七'],
    [9, '九'],
  ])('%i is shown as %s', (n, numeral) => expect(toChineseNumeral(n)).toBe(numeral));

  it.each([
    [[3, 7], [], 'continue'],
    [[3, 7], [3], 'continue'],
    [[3, 7], [3, 7], 'pass'],
    [[3, 7], [7], 'wrong'],
    [[3, 7], [3, 3], 'wrong'],
  ] as const)('target %j taps %j → %s', (target, taps, expected) => {
    expect(judgeGateTaps(target, taps)).toBe(expected);
  });

  const base = { isStrictIos: false, isDisabled: false, leftAt: 0, lockDelayS: 60, now: 1_000_000 };
  it.each([
    ['first entry', base, true],
    ['re-entry within the lock delay', { ...base, leftAt: 1_000_000 - 60_000 }, false],
    ['re-entry after the lock delay', { ...base, leftAt: 1_000_000 - 60_001 }, true],
    ['lock delay 0', { ...base, leftAt: 999_999, lockDelayS: 0 }, true],
    ['disabled by gray option', { ...base, isDisabled: true }, false],
    ['strict iOS always', { ...base, isStrictIos: true, isDisabled: true, leftAt: 999_999 }, true],
  ])('%s → %s', (_name, ctx, expected) => expect(isGateRequired(ctx)).toBe(expected));
});

describe('guest-blocked paths', () => {
  it.each([
    ['/parents/giftCard', 'giftCard'],
    ['/parents/points/pointDetails', 'default'],
    ['/parents/giftList', 'default'],
    ['/parents/center', null],
    ['/library', null],
    ['/parents/pointsX', null],
    ['/act/lotteryWheel/3', 'default'],
    ['/act/lotteryPrizes', 'default'],
    ['/parents/store/activation', 'giftCard'],
    ['/act/upgradeLifeVip/freeRead', 'default'],
    ['/act/upgradeLifeVip/AbCdEfGhIjKlMnOpQrSt', 'default'],
    ['/parents/store/upgradeLifeVip', 'default'],
    ['/parents/store/upgradeLifeVip2', 'default'],
    ['/parents/store', null],
  ] as const)('%s → %s', (path, expected) => expect(guestBlock(path)).toBe(expected));
});
