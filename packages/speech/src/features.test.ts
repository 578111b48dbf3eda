import { describe, expect, it } from 'vitest';
import {
  phoneBadShare,
  totalEvidence,
  uncoveredVoicing,
  voicedEvidence,
  withRelativeGop,
} from './features';

const voiced = (pattern: string): { voicedFrames: Uint8Array } => ({
  voicedFrames: Uint8Array.from(pattern, (c) => (c === '1' ? 1 : 0)),
});

describe('uncoveredVoicing', () => {
  // 10 ms frames; words cover their span ± 30 ms.
  it.each([
    { name: 'all voicing inside the words', frames: '0011111100', words: [[0.02, 0.08]], want: 0 },
    { name: 'no words read', frames: '0011110000', words: [], want: 1 },
    { name: 'no voicing at all', frames: '0000000000', words: [[0.0, 0.1]], want: 0 },
    {
      name: 'speech left to the fillers after the word',
      frames: `1111${'0'.repeat(6)}1111111111`,
      words: [[0.0, 0.04]],
      want: 10 / 14,
    },
  ])('$name', ({ frames, words, want }) => {
    const present = words.map(([start, end]) => ({ start: start ?? 0, end: end ?? 0 }));
    expect(uncoveredVoicing(present, voiced(frames))).toBeCloseTo(want, 6);
  });
});

describe('withRelativeGop', () => {
  const word = (gop: number, evidence: number, phones: number) => ({
    gop,
    gop_min: gop - 1,
    worst_state: gop - 2,
    utt_gop: -5,
    sec_per_phone: 0.1,
    min_dur_frac: 0,
    voiced_frac: 1,
    phones,
    missed: 0,
    evidence,
  });

  it('fills the relative and derived features of every word read', () => {
    const [a, b] = withRelativeGop([word(-4, 1, 3), word(-8, -3, 1)]);
    expect(a).toMatchObject({ gop_rel: 4, ev_rel: 4, one_phone: 0, ev_x_phones: 3, hist_gop: -5 });
    expect(b).toMatchObject({ gop_rel: -4, ev_rel: -4, one_phone: 1, gop_min_sq: 81 });
    expect(a?.utt_ev).toBeCloseTo(-1, 9);
  });
});

describe('phoneBadShare', () => {
  const phones = (...evidence: (number | undefined)[]) =>
    evidence.map((e) => ({ evidence: e }) as { evidence?: number });
  it.each([
    { name: 'a missed word', token: { missed: true, phones: [] }, want: 1 },
    { name: 'every phone fits', token: { missed: false, phones: phones(0.5, -1, -2) }, want: 0 },
    {
      name: 'a long vowel that fits beside consonants that do not',
      token: { missed: false, phones: phones(-8, 0.2, -5.3) },
      want: 2 / 3,
    },
    {
      name: 'no loop decode (no evidence)',
      token: { missed: false, phones: phones(undefined) },
      want: 0,
    },
  ])('$name', ({ token, want }) => {
    expect(phoneBadShare(token as Parameters<typeof phoneBadShare>[0])).toBeCloseTo(want, 9);
  });
});

describe('totalEvidence', () => {
  const token = { token: 'x', words: ['x'], start: 0, end: 0.1, phones: [], guessed: false };
  it.each([
    {
      name: 'pauses only: the words’ evidence per frame',
      region: { words: -100, wordFrames: 100, gaps: 0, gapFrames: 50 },
      want: -1,
    },
    {
      name: 'speech left to the fillers lowers it',
      region: { words: -100, wordFrames: 100, gaps: -300, gapFrames: 80 },
      want: -4,
    },
    {
      name: 'clipped at the evidence floor',
      region: { words: -100, wordFrames: 20, gaps: -900, gapFrames: 200 },
      want: -10,
    },
    { name: 'no loop decode: the mean word evidence', region: undefined, want: -2 },
  ])('$name', ({ region, want }) => {
    const tokens = [
      { ...token, missed: false, evidence: -1 },
      { ...token, missed: false, evidence: -3 },
    ];
    const regionEvidence = region
      ? { ...region, firstFrame: 0, gapFrameScores: new Float32Array(0) }
      : undefined;
    expect(totalEvidence({ tokens, ...(regionEvidence ? { regionEvidence } : {}) })).toBeCloseTo(
      want,
      9,
    );
  });
});

describe('voicedEvidence', () => {
  const tokens = [
    { token: 'x', words: ['x'], start: 0, end: 0.1, phones: [], guessed: false, missed: false },
  ];
  // Region starting at frame 2 of the audio; the words take 10 frames with −10 nats in all.
  const region = (gaps: number[]) => ({
    words: -10,
    wordFrames: 10,
    gaps: gaps.reduce((a, b) => a + b, 0),
    gapFrames: gaps.length,
    firstFrame: 2,
    gapFrameScores: Float32Array.from(gaps),
  });
  it.each([
    {
      name: 'fillers on voiced speech count',
      voiced: '0011110000',
      gaps: [-5, -5, -5, -5],
      want: -3,
    },
    {
      name: 'unvoiced noise after the reading does not',
      voiced: '0000000000',
      gaps: [-5, -5, -5, -5],
      want: -1,
    },
    {
      name: 'only the voiced frames of a gap',
      voiced: '0010100000',
      gaps: [-4, -8, -6, -2],
      want: -2,
    },
  ])('$name', ({ voiced: pattern, gaps, want }) => {
    const activity = voiced(pattern);
    expect(voicedEvidence({ tokens, regionEvidence: region(gaps) }, activity)).toBeCloseTo(want, 6);
  });
});
