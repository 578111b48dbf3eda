import { describe, expect, it } from 'vitest';
import { findDevDataset } from './dataset';
import { ageGroupOf, evaluateDataset, groupFigures, type UtteranceRow } from './eval';

/**
 * End-to-end regression check on 40 utterances of speechocean762-dev (when the folder is
 * there): the whole pipeline through the worker pool with the bundled model and the shipped
 * calibration. The shipped calibration was fitted on these speakers, so these figures are
 * in-sample: they guard the pipeline against breakage, they are not the quality to report
 * (that is the cross-validated figure of `npm run eval:speech`, see docs/speech-scoring.md).
 *
 * Measured on 2026-11-25: PCC accuracy 0.38, total 0.46, word 0.30; the floors leave room
 * for small numeric changes, not for a broken pipeline (which scores near 0).
 */
const FLOORS = { accuracy: 0.25, total: 0.3, word: 0.15 };
const dir = findDevDataset();
if (!dir) {
  console.info(
    'eval.test.ts skipped: speechocean762-dev not found (looked for ../shared/data/speechocean762-dev ' +
      'next to the repository and /work/shared/data; set PICBOOK_SPEECH_DEV_SET to point at it)',
  );
}

describe.skipIf(!dir)('evaluation on speechocean762-dev (40 utterances)', () => {
  it('correlates with the human scores above the floors', async () => {
    const report = await evaluateDataset(dir ?? '', {
      limit: 40,
      model: 'bundled',
      mode: 'shipped',
    });
    console.info(
      `eval (40 utt, shipped, in-sample): PCC accuracy ${report.pcc_accuracy.toFixed(3)}, ` +
        `total ${report.pcc_total.toFixed(3)}, word ${report.pcc_word_accuracy.toFixed(3)}; ` +
        `latency p50 ${report.latency_p50_ms.toFixed(0)} ms, p95 ${report.latency_p95_ms.toFixed(0)} ms, ` +
        `RTF ${report.rtf.toFixed(3)}`,
    );
    expect(report.n).toBe(40);
    expect(report.inSample).toBe(true);
    expect(report.verdicts.ok).toBeGreaterThanOrEqual(39);
    expect(report.pcc_accuracy).toBeGreaterThan(FLOORS.accuracy);
    expect(report.pcc_total).toBeGreaterThan(FLOORS.total);
    expect(report.pcc_word_accuracy).toBeGreaterThan(FLOORS.word);
  }, 600_000);
});

describe('figures per group', () => {
  it.each([
    [6, 'children (≤ 12)'],
    [12, 'children (≤ 12)'],
    [21, 'adults'],
    [null, 'age unknown'],
  ])('age %s → %s', (age, group) => {
    expect(ageGroupOf(age)).toBe(group);
  });

  const row = (
    id: string,
    human: [number, number, number[]],
    ours: [number, number, number[]],
    verdict: UtteranceRow['verdict'] = 'ok',
  ): UtteranceRow => ({
    id,
    speaker: 's',
    age: 6,
    text: 'x',
    human: { accuracy: human[0], total: human[1], words: human[2] },
    ours: { accuracy: ours[0], score: ours[1], words: ours[2] },
    verdict,
  });

  it('correlates, averages and counts different-sentence verdicts on good readings', () => {
    const figures = groupFigures('children', [
      row('a', [9, 9, [10, 8]], [90, 85, [95, 70]]),
      row('b', [5, 6, [4, 6]], [60, 62, [40, 65]]),
      row('c', [8, 7, [9, 9]], [20, 20, [20, 20]], 'different_text'),
      // Word labels that do not match the text's tokens are left out of the word PCC.
      row('d', [3, 3, [3]], [30, 35, [30, 30]]),
    ]);
    expect(figures).toMatchObject({ group: 'children', n: 4, words: 6 });
    expect(figures.human_mean).toBeCloseTo(62.5);
    expect(figures.ours_mean).toBeCloseTo(50.5);
    expect(figures.different_text).toBe(1);
    expect(figures.different_text_good).toBe(1);
    expect(figures.pcc_accuracy).toBeGreaterThan(0);
    expect(figures.pcc_accuracy).toBeLessThan(1);
  });
});
