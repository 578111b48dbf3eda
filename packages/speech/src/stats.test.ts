import { describe, expect, it } from 'vitest';
import {
  fitLogistic,
  fitRidge,
  groupFolds,
  pearson,
  predictLinear,
  quantile,
  seededRandom,
  sigmoid,
} from './stats';

describe('statistics helpers', () => {
  it('computes Pearson correlations', () => {
    expect(pearson([1, 2, 3, 4], [2, 4, 6, 8])).toBeCloseTo(1);
    expect(pearson([1, 2, 3, 4], [8, 6, 4, 2])).toBeCloseTo(-1);
    expect(pearson([1, 2, 3], [1, 1, 1])).toBeNaN();
    expect(pearson([1, 2, 3, 4, 5], [2, 1, 4, 3, 5])).toBeCloseTo(0.8);
  });

  it('interpolates quantiles', () => {
    expect(quantile([3, 1, 2, 4], 0.5)).toBeCloseTo(2.5);
    expect(quantile([5], 0.9)).toBe(5);
  });

  it('recovers a linear relation with ridge regression', () => {
    const xs = Array.from({ length: 50 }, (_, i) => [i / 10, Math.sin(i)]);
    const ys = xs.map(([a = 0, b = 0]) => 3 + 2 * a - b);
    const model = fitRidge(['a', 'b'], xs, ys, 0);
    for (const [i, x] of xs.entries()) expect(predictLinear(model, x)).toBeCloseTo(ys[i] ?? 0, 6);
  });

  it('separates two classes with logistic regression', () => {
    const xs = Array.from({ length: 40 }, (_, i) => [i < 20 ? i / 20 : 1 + i / 20]);
    const ys = xs.map((_, i): 0 | 1 => (i < 20 ? 0 : 1));
    const model = fitLogistic(['x'], xs, ys, 0.01);
    expect(sigmoid(predictLinear(model, [0.2]))).toBeLessThan(0.2);
    expect(sigmoid(predictLinear(model, [2.5]))).toBeGreaterThan(0.8);
  });

  it('keeps every group in one fold', () => {
    const groups = ['a', 'a', 'b', 'c', 'b', 'd', 'c'];
    const folds = groupFolds(groups, 2);
    const foldOf = new Map<string, number>();
    groups.forEach((g, i) => {
      const f = folds[i] ?? -1;
      expect(foldOf.get(g) ?? f).toBe(f);
      foldOf.set(g, f);
    });
    expect(new Set(folds).size).toBe(2);
  });

  it('draws other folds with a seed, every group still in one fold, the same draw each time', () => {
    const groups = Array.from({ length: 64 }, (_, i) => `s${String(i).padStart(2, '0')}`).flatMap(
      (g) => [g, g, g],
    );
    const sorted = groupFolds(groups, 8);
    const drawn = groupFolds(groups, 8, 3);
    expect(groupFolds(groups, 8, 3)).toEqual(drawn);
    expect(drawn).not.toEqual(sorted);
    expect(groupFolds(groups, 8, 4)).not.toEqual(drawn);
    for (let i = 0; i < groups.length; i += 3) {
      expect(drawn[i + 1]).toBe(drawn[i]);
      expect(drawn[i + 2]).toBe(drawn[i]);
    }
    // Eight speakers per fold whatever the draw.
    for (let k = 0; k < 8; k++) expect(drawn.filter((f) => f === k).length).toBe(24);
  });

  it('draws seeded numbers in [0, 1) that repeat', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(Array.from({ length: 1000 }, () => b())).toEqual(xs);
    expect(Math.abs(xs.reduce((m, x) => m + x, 0) / xs.length - 0.5)).toBeLessThan(0.05);
  });
});
