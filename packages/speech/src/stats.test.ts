import { describe, expect, it } from 'vitest';
import {
  fitLogistic,
  fitRidge,
  groupFolds,
  pearson,
  predictLinear,
  quantile,
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
});
