import { describe, expect, it } from 'vitest';
import { MODEL_WARP } from './acoustic-model';
import {
  type CalibrationSample,
  GOOD_READING,
  goodReadingsFlagged,
  matchSpread,
  PHONE_BAD,
} from './calibration';
import { CALIBRATIONS } from './calibration-params';
import { SENTENCE_FEATURES, WORD_FEATURES } from './features';
import { PHONE_ROW_FEATURES } from './phone-model';
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

describe('goodReadingsFlagged', () => {
  // P(different) = sigmoid(−2 · ev_mean − 4): 0.5 at ev_mean −2.
  const detector = {
    model: { features: ['ev_mean'], mean: [0], scale: [1], weights: [-2], intercept: -4 },
    threshold: 0.5,
  };
  const reading = (accuracy: number, evMean: number) => ({
    sentence: { ev_mean: evMean } as CalibrationSample['sentence'],
    human: { accuracy, total: accuracy, fluency: accuracy, words: null, phones: null },
  });

  it.each([
    { name: 'a good reading that fits', samples: [reading(9, -0.5)], flagged: 0 },
    {
      name: `a good reading (${GOOD_READING}) called another sentence`,
      samples: [reading(GOOD_READING, -3)],
      flagged: 1,
    },
    {
      name: 'a poor reading called another sentence',
      samples: [reading(GOOD_READING - 1, -3)],
      flagged: 0,
    },
    {
      name: 'two good ones at the threshold and past it',
      samples: [reading(8, -2), reading(10, -6), reading(3, -6)],
      flagged: 2,
    },
  ])('$name: $flagged', ({ samples, flagged }) => {
    expect(goodReadingsFlagged(samples, detector)).toBe(flagged);
  });
});

describe('the shipped calibrations', () => {
  it.each(Object.keys(CALIBRATIONS) as (keyof typeof CALIBRATIONS)[])(
    '%s: fitted at the warp the scorer uses, its phone model reads the rows the code makes',
    (name) => {
      const calibration = CALIBRATIONS[name];
      expect(calibration.warp).toBe(MODEL_WARP[name]);
      if (calibration.phones) {
        const { wrong } = calibration.phones;
        expect(wrong.features).toEqual([...PHONE_ROW_FEATURES]);
        expect([wrong.mean.length, wrong.scale.length, wrong.weights.length]).toEqual(
          Array(3).fill(PHONE_ROW_FEATURES.length),
        );
      }
    },
  );

  it.each(Object.keys(CALIBRATIONS) as (keyof typeof CALIBRATIONS)[])(
    '%s: reads only features the scorer computes',
    (name) => {
      const c = CALIBRATIONS[name];
      const sentence = new Set<string>(SENTENCE_FEATURES);
      for (const model of [c.accuracy, c.total, c.fluency, c.differentText.model]) {
        expect(model.features.filter((f) => !sentence.has(f))).toEqual([]);
      }
      const word = new Set<string>([...WORD_FEATURES, ...(c.phones ? [PHONE_BAD] : [])]);
      expect(c.word.features.filter((f) => !word.has(f))).toEqual([]);
    },
  );
});
