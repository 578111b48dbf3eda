import { describe, expect, it } from 'vitest';
import { findDevDataset } from './dataset';
import { evaluateDataset } from './eval';

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
