import type { Segment } from 'soundswallower';
import { describe, expect, it } from 'vitest';
import { regionEvidence } from './engine';

/** A state segment of `frames` 10 ms frames scoring `nats` in total (p = e^(nats / 1024)). */
const state = (b: number, frames: number, nats: number): Segment =>
  ({ t: 's', b, d: frames / 100, p: Math.exp(nats / 1024) }) as Segment;
/** A word (or filler) made of one phone of the given states. */
const word = (t: string, states: Segment[]): Segment => {
  const b = states[0]?.b ?? 0;
  const d = states.reduce((a, s) => a + s.d, 0);
  return { t, b, d, p: 1, w: [{ t: 'ph', b, d, p: 1, w: states }] } as Segment;
};

describe('regionEvidence', () => {
  // Region of 10 frames; the loop scores −1 nat in every frame.
  const loop = new Float64Array(10).fill(-1);
  it.each([
    {
      name: 'pauses that the loop explains as well: gaps ≈ 0',
      path: [
        word('<sil>', [state(0, 3, -3)]),
        word('cat', [state(0.03, 4, -4)]),
        word('<sil>', [state(0.07, 3, -3)]),
      ],
      token: { start: 0.03, frames: 4, evidence: 0 },
      want: { words: 0, wordFrames: 4, gaps: 0, gapFrames: 6 },
    },
    {
      name: 'speech left to a filler scores below the loop there',
      path: [word('[SPEECH]', [state(0, 6, -36)]), word('cat', [state(0.06, 4, -4)])],
      token: { start: 0.06, frames: 4, evidence: -0.5 },
      want: { words: -2, wordFrames: 4, gaps: -30, gapFrames: 6 },
    },
  ])('$name', ({ path, token, want }) => {
    const segment = { t: '', b: 0, d: 0.1, p: 1, w: path } as Segment;
    const tokens = [
      {
        missed: false,
        start: token.start,
        evidence: token.evidence,
        phones: [{ frames: token.frames }],
      },
    ];
    const got = regionEvidence(tokens, { segment, offset: 0 }, loop);
    expect(got.wordFrames).toBe(want.wordFrames);
    expect(got.gapFrames).toBe(want.gapFrames);
    expect(got.words).toBeCloseTo(want.words, 2);
    expect(got.gaps).toBeCloseTo(want.gaps, 1);
  });
});
