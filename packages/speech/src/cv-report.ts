/**
 * Figures of a calibration method on speakers it has never heard (issue 36): every cached
 * recording scored through the product's own last step ({@link finalizeScore}) with models
 * fitted without its speaker, then the figures per age band and their spread over draws of
 * speakers. calibrate.ts `--report` prints them; eval-cli.ts prints the same bands for a run
 * through the whole pipeline.
 */
import type { CalibrationModels, CalibrationSample } from './calibration';
import { type GroupFigures, groupFigures, type UtteranceRow } from './eval';
import { finalizeScore } from './score';
import { quantile, seededRandom } from './stats';

/** The age bands figures are reported by (speechocean762's children are 6–12). */
export const AGE_BANDS = ['6–7', '8–9', '10–12', 'adults'] as const;

/** A speaker's age band; 13 and over count as adults (the corpus's teenagers read as adults). */
export function ageBandOf(age: number | null | undefined): string {
  if (age === null || age === undefined) return 'age unknown';
  if (age <= 7) return '6–7';
  if (age <= 9) return '8–9';
  if (age <= 12) return '10–12';
  return 'adults';
}

/**
 * Each sample as an {@link UtteranceRow}: scored by `calibrationOf(sample)` through
 * {@link finalizeScore} (word statuses, the share read, the "different sentence" cap), as the
 * API would answer it — without the book's other lines competing (they are not in the cache).
 */
export function scoredRows(
  samples: readonly CalibrationSample[],
  calibrationOf: (sample: CalibrationSample) => CalibrationModels,
): UtteranceRow[] {
  return samples.map((s) => {
    const result = finalizeScore(calibrationOf(s), {
      tokens: s.words.map((_, i) => ({ word: `w${i}`, start: 0, end: 0 })),
      sentence: s.sentence,
      words: s.words,
      phones: s.phones ?? s.words.map(() => []),
    });
    return {
      id: s.id,
      speaker: s.speaker,
      age: s.age ?? null,
      text: '',
      human: {
        accuracy: s.human.accuracy,
        total: s.human.total,
        words: s.human.words ?? [],
      },
      ours: {
        accuracy: result.accuracy / 10,
        score: result.score,
        words: s.human.words ? result.words.map((w) => w.score / 10) : [],
      },
      verdict: result.verdict,
    };
  });
}

/** Figures overall, for the children (≤ 12) and per age band, in that order. */
export function bandFigures(rows: readonly UtteranceRow[]): GroupFigures[] {
  const children = rows.filter((r) => r.age !== null && r.age <= 12);
  const bands = AGE_BANDS.map((band) =>
    groupFigures(
      band,
      rows.filter((r) => ageBandOf(r.age) === band),
    ),
  ).filter((g) => g.n > 0);
  return [groupFigures('all', rows), groupFigures('children (≤ 12)', children), ...bands];
}

export interface Spread {
  group: string;
  speakers: number;
  /** 5th, 50th and 95th percentiles over the draws. */
  accuracy: [number, number, number];
  total: [number, number, number];
  word: [number, number, number];
}

/**
 * How much the figures of each group move with the speakers drawn: `draws` times, as many
 * speakers as the group has are drawn with replacement (a speaker's 20 recordings stay
 * together), and the PCCs of the draw are computed. Seeded: the same rows give the same spread.
 */
export function speakerSpread(rows: readonly UtteranceRow[], draws = 1000, seed = 1): Spread[] {
  const groups: [string, UtteranceRow[]][] = [
    ['all', [...rows]],
    ['children (≤ 12)', rows.filter((r) => r.age !== null && r.age <= 12)],
    ...AGE_BANDS.map((band): [string, UtteranceRow[]] => [
      band,
      rows.filter((r) => ageBandOf(r.age) === band),
    ]),
  ];
  const random = seededRandom(seed);
  return groups
    .filter(([, members]) => members.length > 0)
    .map(([group, members]) => {
      const bySpeaker = new Map<string, UtteranceRow[]>();
      for (const r of members) bySpeaker.set(r.speaker, [...(bySpeaker.get(r.speaker) ?? []), r]);
      const speakers = [...bySpeaker.values()];
      const figures = Array.from({ length: draws }, () =>
        groupFigures(
          group,
          speakers.flatMap(() => speakers[Math.floor(random() * speakers.length)] ?? []),
        ),
      );
      const band = (pick: (g: GroupFigures) => number): [number, number, number] => {
        const xs = figures.map(pick).filter(Number.isFinite);
        return [quantile(xs, 0.05), quantile(xs, 0.5), quantile(xs, 0.95)];
      };
      return {
        group,
        speakers: speakers.length,
        accuracy: band((g) => g.pcc_accuracy),
        total: band((g) => g.pcc_total),
        word: band((g) => g.pcc_word_accuracy),
      };
    });
}

const f3 = (x: number): string => (Number.isFinite(x) ? x.toFixed(3) : ' n/a ');

/** The per-band table: PCCs and "different sentence" on readings humans gave ≥ 7. */
export function formatBands(figures: readonly GroupFigures[], good: (g: string) => number): string {
  const lines = [
    'group            utts  sentence  total   word    words  different (≥ 7)',
    ...figures.map(
      (g) =>
        `${g.group.padEnd(16)} ${String(g.n).padStart(4)}  ${f3(g.pcc_accuracy)}     ${f3(g.pcc_total)}   ${f3(g.pcc_word_accuracy)}  ${String(g.words).padStart(5)}  ${g.different_text} (${g.different_text_good} of ${good(g.group)} = ${((100 * g.different_text_good) / Math.max(1, good(g.group))).toFixed(1)} %)`,
    ),
  ];
  return lines.join('\n');
}

/** The spread table: 5th / 50th / 95th percentiles of each PCC over the speaker draws. */
export function formatSpread(spread: readonly Spread[]): string {
  const t = (x: [number, number, number]): string => `${f3(x[0])}–${f3(x[2])} (${f3(x[1])})`;
  return [
    'group            spk  sentence 5–95 % (median)  total                    word',
    ...spread.map(
      (s) =>
        `${s.group.padEnd(16)} ${String(s.speakers).padStart(3)}  ${t(s.accuracy)}  ${t(s.total)}  ${t(s.word)}`,
    ),
  ].join('\n');
}

/** How many readings of each group humans gave accuracy ≥ 7 (the false-alarm denominators). */
export function goodReadingsByGroup(rows: readonly UtteranceRow[]): (group: string) => number {
  const good = rows.filter((r) => r.human.accuracy >= 7);
  return (group) =>
    group === 'all'
      ? good.length
      : group === 'children (≤ 12)'
        ? good.filter((r) => r.age !== null && r.age <= 12).length
        : good.filter((r) => ageBandOf(r.age) === group).length;
}
