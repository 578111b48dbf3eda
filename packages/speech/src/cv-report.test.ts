import { describe, expect, it } from 'vitest';
import { ageBandOf, bandFigures, goodReadingsByGroup, speakerSpread } from './cv-report';
import type { UtteranceRow } from './eval';

describe('ageBandOf', () => {
  it.each([
    [6, '6–7'],
    [7, '6–7'],
    [8, '8–9'],
    [9, '8–9'],
    [10, '10–12'],
    [12, '10–12'],
    [13, 'adults'],
    [37, 'adults'],
    [null, 'age unknown'],
    [undefined, 'age unknown'],
  ])('age %s is band %s', (age, band) => {
    expect(ageBandOf(age)).toBe(band);
  });
});

/** `speakers` speakers of `age`, 10 readings each; ours = human + noise × `noise`. */
function rows(age: number, speakers: number, noise: number, prefix: string): UtteranceRow[] {
  return Array.from({ length: speakers * 10 }, (_, i) => {
    const human = 3 + ((i * 7) % 8);
    const off = noise * (((i * 13) % 5) - 2);
    return {
      id: `${prefix}${i}`,
      speaker: `${prefix}${Math.floor(i / 10)}`,
      age,
      text: '',
      human: { accuracy: human, total: human, words: [human, 10] },
      ours: { accuracy: human + off, score: 10 * (human + off), words: [human + off, 10 - off] },
      verdict: i === 3 ? 'different_text' : 'ok',
    };
  });
}

describe('bandFigures and speakerSpread', () => {
  const perfect = rows(6, 4, 0, 'a');
  const noisy = rows(9, 5, 1.5, 'b');
  const adults = rows(30, 2, 0.5, 'c');
  const all = [...perfect, ...noisy, ...adults];

  it('gives figures overall, for the children and per band present', () => {
    const figures = bandFigures(all);
    expect(figures.map((g) => [g.group, g.n])).toEqual([
      ['all', 110],
      ['children (≤ 12)', 90],
      ['6–7', 40],
      ['8–9', 50],
      ['adults', 20],
    ]);
    const band = (name: string) => figures.find((g) => g.group === name);
    expect(band('6–7')?.pcc_accuracy).toBeCloseTo(1, 6);
    expect(band('8–9')?.pcc_accuracy ?? 1).toBeLessThan(0.9);
    // Reading 3 of each group is "different sentence"; its human accuracy is 3 + 21 % 8 = 8.
    expect(band('6–7')?.different_text_good).toBe(1);
    expect(goodReadingsByGroup(all)('6–7')).toBe(
      perfect.filter((r) => r.human.accuracy >= 7).length,
    );
  });

  it('spreads figures over draws of speakers, repeatably, tighter where they agree', () => {
    const spread = speakerSpread(all, 200, 5);
    expect(speakerSpread(all, 200, 5)).toEqual(spread);
    const of = (name: string) => spread.find((s) => s.group === name);
    const six = of('6–7');
    const nine = of('8–9');
    expect(six?.speakers).toBe(4);
    expect(six?.accuracy[0]).toBeCloseTo(1, 6);
    expect(nine?.accuracy[0] ?? 1).toBeLessThan(nine?.accuracy[2] ?? 0);
    expect(nine?.accuracy[1] ?? 1).toBeLessThan(0.95);
  });
});
