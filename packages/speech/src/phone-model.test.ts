import { describe, expect, it } from 'vitest';
import { PHONE_BAD, predict, wordInputs } from './calibration';
import { CALIBRATIONS } from './calibration-params';
import { phoneScoresFor } from './dataset';
import {
  fitPhoneModel,
  PHONE_ROW_FEATURES,
  type PhoneFitWord,
  type PhoneObservation,
  phoneObservations,
  phoneRows,
  phoneWrong,
  wordPhoneBad,
} from './phone-model';
import { testWord } from './test-word';

const phone = (name: string, gop: number, evidence = 0): PhoneObservation => ({
  phone: name,
  gop,
  evidence,
  worstState: gop - 2,
  frames: 8,
});
const context = { hist_gop: -6, utt_gop: -6 };

/**
 * A small world: IY is said right at about −5 nats/frame and wrong (label 0) at about −11;
 * TH is said wrong half of the time whatever its GOP. Deterministic spread, no randomness.
 */
function world(): PhoneFitWord[] {
  const words: PhoneFitWord[] = [];
  for (let i = 0; i < 60; i++) {
    const jitter = ((i * 37) % 11) / 10 - 0.5;
    const wrong = i % 5 === 0;
    words.push({
      phones: [phone('IY', (wrong ? -11 : -5) + jitter, (wrong ? -4 : 0) + jitter)],
      labels: [wrong ? 0 : 2],
      context,
    });
    words.push({
      phones: [phone('TH', -8 + jitter, -1 + jitter)],
      labels: [i % 2 ? 0 : 2],
      context,
    });
  }
  // A word whose phones did not line up with the raters' is not used.
  words.push({ phones: [phone('IY', -14)], labels: null, context });
  return words;
}

describe('fitPhoneModel', () => {
  const model = fitPhoneModel(world());

  it('keeps per phone the GOP of the phone said right and how often it is said wrong', () => {
    const iy = model.phones.IY;
    const th = model.phones.TH;
    expect(iy?.[0]).toBeCloseTo(-5, 0);
    // Wrong 12 of 60 times for IY, 30 of 60 for TH, shrunk toward all phones' 42 of 120 with
    // the weight of 5 phones: (30 + 5 × 0.35) / 65.
    expect(th?.[4] ?? 0).toBeGreaterThan(iy?.[4] ?? 0);
    const thWrong = Math.exp(th?.[4] ?? 0) / (1 + Math.exp(th?.[4] ?? 0));
    expect(thWrong).toBeCloseTo(31.75 / 65, 6);
  });

  it.each([
    { name: 'IY at its right GOP', phones: [phone('IY', -5)], low: 0, high: 0.2 },
    { name: 'IY far below it', phones: [phone('IY', -11, -4)], low: 0.8, high: 1 },
    { name: 'TH, wrong half of the time', phones: [phone('TH', -8, -1)], low: 0.3, high: 0.7 },
  ])('P(wrong) of $name is in [$low, $high]', ({ phones, low, high }) => {
    const [p] = phoneWrong(model, phones, context);
    expect(p).toBeGreaterThanOrEqual(low);
    expect(p).toBeLessThanOrEqual(high);
  });

  it('a word is wrong when any of its phones is (noisy OR); a missed word (no phones) is 1', () => {
    const good = wordPhoneBad(model, [phone('IY', -5)], context);
    const withBad = wordPhoneBad(model, [phone('IY', -5), phone('IY', -11, -4)], context);
    expect(withBad).toBeGreaterThan(good);
    // …at least as likely wrong as its bad phone where it stands (first of two, before a good one).
    expect(withBad).toBeGreaterThanOrEqual(
      phoneWrong(model, [phone('IY', -5), phone('IY', -11, -4)], context)[1] ?? 1,
    );
    expect(wordPhoneBad(model, [], context)).toBe(1);
  });

  it('a phone it never saw gets the fallback statistics', () => {
    expect(model.phones.ZH).toBeUndefined();
    const [p] = phoneWrong(model, [phone('ZH', -6)], context);
    const asFallback = { ...model, phones: { ...model.phones, ZH: model.fallback } };
    expect(p).toBe(phoneWrong(asFallback, [phone('ZH', -6)], context)[0]);
    // …not IY's statistics (IY said right sits at −5 nats/frame, the fallback lower).
    expect(p).not.toBe(phoneWrong(model, [phone('IY', -6)], context)[0]);
  });
});

describe('fitPhoneModel: where the phone is in its word', () => {
  /**
   * Three-phone words of the same phone said the same way: the middle one is wrong 2 times
   * in 5, the first and last never. And two-phone words S T where T is wrong exactly when S
   * was said badly (a mangled word), whatever T's own GOP.
   */
  function positions(): PhoneFitWord[] {
    const words: PhoneFitWord[] = [];
    for (let i = 0; i < 60; i++) {
      const jitter = ((i * 37) % 11) / 10 - 0.5;
      words.push({
        phones: [phone('AA', -6 + jitter), phone('AA', -6 - jitter), phone('AA', -6 + jitter)],
        labels: [2, i % 5 < 2 ? 0 : 2, 2],
        context,
      });
      const mangled = i % 3 === 0;
      words.push({
        phones: [phone('S', (mangled ? -12 : -5) + jitter), phone('T', -6 + jitter)],
        labels: [mangled ? 0 : 2, mangled ? 0 : 2],
        context,
      });
    }
    return words;
  }
  const model = fitPhoneModel(positions());

  it('a middle phone is likelier wrong than the same phone said the same way first or last', () => {
    const [first, middle, last] = phoneWrong(
      model,
      [phone('AA', -6), phone('AA', -6), phone('AA', -6)],
      context,
    );
    expect(middle).toBeGreaterThan((first ?? 1) + 0.1);
    expect(middle).toBeGreaterThan((last ?? 1) + 0.1);
  });

  it('a phone next to a badly said phone of its word is likelier wrong, on either side', () => {
    const [, nextToBad] = phoneWrong(model, [phone('S', -12), phone('T', -6)], context);
    const [, nextToGood] = phoneWrong(model, [phone('S', -5), phone('T', -6)], context);
    expect(nextToBad).toBeGreaterThan((nextToGood ?? 1) + 0.3);
    // The bad phone after it: T first, S last.
    const [beforeBad] = phoneWrong(model, [phone('T', -6), phone('S', -12)], context);
    const [beforeGood] = phoneWrong(model, [phone('T', -6), phone('S', -5)], context);
    expect(beforeBad).toBeGreaterThan((beforeGood ?? 1) + 0.3);
  });

  it('reads each phone into the row the feature names say', () => {
    const word = [phone('S', -12), phone('AA', -6), phone('T', -7)];
    const rows = phoneRows(model, word, context);
    const named = rows.map((row) =>
      Object.fromEntries(PHONE_ROW_FEATURES.map((name, k) => [name, row[k]])),
    );
    const z = (p: PhoneObservation): number => {
      const [gopMean, gopScale] = model.phones[p.phone] ?? model.fallback;
      return (p.gop - gopMean) / gopScale;
    };
    const [s, aa, t] = word as [PhoneObservation, PhoneObservation, PhoneObservation];
    expect(rows.every((row) => row.length === PHONE_ROW_FEATURES.length)).toBe(true);
    expect(named.map((r) => [r.initial, r.middle])).toEqual([
      [1, 0],
      [0, 1],
      [0, 0],
    ]);
    expect(named[0]?.z_gop).toBeCloseTo(z(s), 9);
    expect(named[1]?.neighbour_z_gop).toBeCloseTo(Math.min(z(s), z(t)), 9);
    expect(named[0]?.neighbour_z_gop).toBeCloseTo(z(aa), 9);
    expect(named[2]?.neighbour_z_gop).toBeCloseTo(z(aa), 9);
    expect(named[0]?.z_low).toBeCloseTo(Math.min(0, z(s)) ** 2, 9);
    expect(named[0]?.gop).toBe(-12);
    expect(named[0]?.hist_gop).toBe(context.hist_gop);
    // A word of one phone: neither first nor middle, no neighbour.
    const [single] = phoneRows(model, [phone('AA', -6)], context).map((row) =>
      Object.fromEntries(PHONE_ROW_FEATURES.map((name, k) => [name, row[k]])),
    );
    expect([single?.initial, single?.middle, single?.neighbour_z_gop]).toEqual([0, 0, 0]);
  });
});

describe('phoneObservations', () => {
  it('lists each token’s phones (none for a missed token), evidence 0 without a loop decode', () => {
    const token = (
      phones: { phone: string; gop: number; evidence?: number }[],
      missed = false,
    ) => ({
      token: 'x',
      words: ['x'],
      start: 0,
      end: 0.1,
      guessed: false,
      missed,
      phones: phones.map((p) => ({
        ...p,
        start: 0,
        end: 0.1,
        frames: 10,
        worstState: p.gop - 1,
        total: 0,
      })),
    });
    const out = phoneObservations([
      token([
        { phone: 'W', gop: -3, evidence: 0.5 },
        { phone: 'IY', gop: -4 },
      ]),
      token([], true),
    ]);
    expect(out).toEqual([
      [
        { phone: 'W', gop: -3, evidence: 0.5, worstState: -4, frames: 10 },
        { phone: 'IY', gop: -4, evidence: 0, worstState: -5, frames: 10 },
      ],
      [],
    ]);
  });
});

describe('phoneScoresFor', () => {
  const labelled = {
    phones: [
      { phone: 'B', accuracy: 2 },
      { phone: 'EH', accuracy: 1 },
      { phone: 'R', accuracy: 0 },
    ],
  };
  it.each([
    { name: 'the same phones', scored: ['B', 'EH', 'R'], want: [2, 1, 0] },
    { name: 'another pronunciation', scored: ['B', 'EH', 'R', 'AH'], want: null },
    { name: 'the same count, other phones', scored: ['B', 'AE', 'R'], want: null },
    { name: 'a missed word (no phones)', scored: [], want: null },
  ])('$name', ({ scored, want }) => {
    expect(
      phoneScoresFor(
        labelled,
        scored.map((p) => ({ phone: p })),
      ),
    ).toEqual(want);
  });
  it('a word without phone labels has none', () => {
    expect(phoneScoresFor({}, [{ phone: 'B' }])).toBeNull();
  });
});

describe('the phone model in a calibration', () => {
  it('a calibration with a phone model needs the phones of every word', () => {
    const calibration = { phones: fitPhoneModel(world()) };
    const words = [testWord(), testWord()];
    expect(() => wordInputs(calibration, words, undefined)).toThrow(/phones of every word/);
    expect(() => wordInputs(calibration, words, [[phone('IY', -5)]])).toThrow(/phones of every/);
    const [right, wrong] = wordInputs(calibration, words, [
      [phone('IY', -5)],
      [phone('IY', -11, -4)],
    ]);
    expect(right?.[PHONE_BAD]).toBeLessThan(wrong?.[PHONE_BAD] ?? 0);
    expect(right?.gop).toBe(-5);
  });

  it('without a phone model the word vectors pass through unchanged', () => {
    const words = [testWord()];
    expect(wordInputs({}, words, undefined)).toEqual(words);
    const bundled = CALIBRATIONS.bundled;
    expect(bundled.phones).toBeUndefined();
    const sentence = Object.fromEntries(
      bundled.accuracy.features
        .concat(
          bundled.total.features,
          bundled.fluency.features,
          bundled.differentText.model.features,
        )
        .map((f) => [f, -5]),
    );
    const p = predict(bundled, sentence as never, words);
    expect(p.words).toHaveLength(1);
  });
});
