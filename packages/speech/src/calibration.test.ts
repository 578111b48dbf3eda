import { describe, expect, it } from 'vitest';
import { matchSpread } from './calibration';
import { fitRidge, pearson, predictLinear } from './stats';

const mean = (v: readonly number[]) => v.reduce((a, b) => a + b, 0) / v.length;
const sd = (v: readonly number[]) => Math.sqrt(mean(v.map((x) => (x - mean(v)) ** 2)));

describe('matchSpread', () => {
  // Word-like data: human scores mostly 10, a few low; one noisy feature.
  const xs = Array.from({ length: 200 }, (_, i) => [-(i % 17) - ((i * 7) % 5) * 0.5]);
  const ys = xs.map(([g], i) =>
    Math.min(10, Math.max(0, 10 + (g ?? 0) * 0.3 + ((i * 13) % 7) - 3)),
  );

  it.each([
    [0.01, 'lightly regularised'],
    [10, 'heavily regularised (squeezed predictions)'],
  ])('lambda %s (%s): same mean and spread as the human scores, same correlation', (lambda) => {
    const fitted = fitRidge(['gop'], xs, ys, lambda);
    const stretched = matchSpread(fitted, xs, ys);
    const before = xs.map((x) => predictLinear(fitted, x));
    const after = xs.map((x) => predictLinear(stretched, x));
    expect(sd(before)).toBeLessThan(sd(ys));
    expect(sd(after)).toBeCloseTo(sd(ys), 6);
    expect(mean(after)).toBeCloseTo(mean(ys), 6);
    expect(pearson(after, ys)).toBeCloseTo(pearson(before, ys), 9);
  });

  it('leaves a model without weights (or without spread) alone', () => {
    const flat = fitRidge([], [[], []], [3, 5]);
    expect(matchSpread(flat, [[], []], [3, 5])).toEqual(flat);
  });
});
