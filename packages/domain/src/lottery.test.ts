import { describe, expect, it } from 'vitest';
import {
  chancesAfterDraw,
  pickWeighted,
  publishedOdds,
  shouldShowDailyModal,
  wheelTarget,
} from './lottery';

/** mulberry32: a small seeded generator, so the statistical test is repeatable. */
function seeded(seed: number): (max: number) => number {
  let a = seed >>> 0;
  return (max) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const r = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return Math.floor(r * max);
  };
}

describe('draw weights: 100,000 seeded draws land within tolerance of the weights', () => {
  const prizes = [
    { weight: 500, stock: null },
    { weight: 300, stock: 1_000_000 },
    { weight: 150, stock: null },
    { weight: 45, stock: null },
    { weight: 5, stock: 1_000_000 },
    { weight: 0, stock: null },
    { weight: 400, stock: 0 },
  ];
  const N = 100_000;

  it.each([1, 42, 20261121])('seed %i', (seed) => {
    const random = seeded(seed);
    const counts = prizes.map(() => 0);
    for (let i = 0; i < N; i++) {
      const index = pickWeighted(prizes, random);
      if (index === null) throw new Error('nothing drawn');
      counts[index] = (counts[index] ?? 0) + 1;
    }
    const total = 1000;
    prizes.forEach((prize, i) => {
      const p = prize.stock === 0 ? 0 : prize.weight / total;
      const observed = (counts[i] ?? 0) / N;
      // Five standard deviations of a binomial proportion: a fair draw fails ~1 in 1.7 million.
      const tolerance = 5 * Math.sqrt((p * (1 - p)) / N);
      expect(Math.abs(observed - p), `prize ${i}: ${observed} vs ${p}`).toBeLessThanOrEqual(
        tolerance,
      );
    });
    // Sold-out and zero-weight prizes are never won.
    expect(counts[5]).toBe(0);
    expect(counts[6]).toBe(0);
  });

  it('draws nothing when every prize is sold out or weightless', () => {
    expect(
      pickWeighted(
        [
          { weight: 0, stock: null },
          { weight: 10, stock: 0 },
        ],
        seeded(1),
      ),
    ).toBe(null);
  });

  it('uses the whole ticket range: the last ticket picks the last drawable prize', () => {
    const prizes = [
      { weight: 2, stock: null },
      { weight: 3, stock: 0 },
      { weight: 1, stock: null },
    ];
    expect([0, 1, 2].map((t) => pickWeighted(prizes, () => t))).toEqual([0, 0, 2]);
  });
});

describe('published odds', () => {
  it.each([
    [
      [50, 30, 20],
      [null, null, null],
      [50, 30, 20],
    ],
    [
      [1, 1, 1],
      [null, null, null],
      [33.33, 33.33, 33.33],
    ],
    [
      [50, 30, 20],
      [null, 0, null],
      [71.43, 0, 28.57],
    ],
    [
      [0, 0],
      [null, null],
      [0, 0],
    ],
  ])('weights %j, stock %j → %j percent', (weights, stock, odds) => {
    expect(
      publishedOdds(weights.map((weight, i) => ({ weight, stock: stock[i] ?? null }))),
    ).toEqual(odds);
  });
});

describe('daily lottery modal (§4: shown when the last shown day differs from today)', () => {
  it.each([
    [null, '2026-11-21', true],
    ['2026-11-20', '2026-11-21', true],
    ['2026-11-21', '2026-11-21', false],
  ])('last shown %s, today %s → %s', (last, today, shown) => {
    expect(shouldShowDailyModal(last, today)).toBe(shown);
  });
});

describe('chances after a draw (§4: not a number → one less)', () => {
  it.each([
    [3, 2, 2],
    [3, undefined, 2],
    [3, 'x', 2],
    [0, null, 0],
    [3, 5, 5],
  ])('before %i, answered %j → %i', (before, answered, after) => {
    expect(chancesAfterDraw(before, answered)).toBe(after);
  });
});

describe('wheel target: the middle of the won segment stops under the pointer', () => {
  it.each([
    [0, 8, 0],
    [1, 8, 0],
    [7, 8, 0],
    [3, 6, 1000],
  ])('segment %i of %i from %i°', (index, count, from) => {
    const target = wheelTarget(index, count, from);
    expect(target).toBeGreaterThan(from + 360 * 5);
    const segment = 360 / count;
    // The wheel turned by `target`; the pointer (0°) sees the segment at (-target) mod 360.
    const under = (((-target % 360) + 360) % 360) / segment;
    expect(Math.floor(under)).toBe(index);
    expect(under - index).toBeCloseTo(0.5, 5);
  });
});
