import { describe, expect, it } from 'vitest';
import type { UtteranceAnalysis } from './engine';
import {
  phoneBadShare,
  prosodyFeatures,
  sentenceFeatures,
  totalEvidence,
  uncoveredVoicing,
  voicedEvidence,
  withRelativeGop,
  wordFeatures,
} from './features';
import type { VoiceActivity } from './vad';

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

describe('prosodyFeatures', () => {
  const phone = (start: number, end: number) => ({
    phone: 'AH',
    start,
    end,
    frames: Math.round((end - start) * 100),
    gop: -3,
    worstState: -4,
    total: -30,
    evidence: 0,
  });
  const token = (start: number, end: number, phones: number, missed = false) => ({
    token: 'w',
    words: ['w'],
    start,
    end,
    phones: missed
      ? []
      : Array.from({ length: phones }, (_, k) =>
          phone(start + ((end - start) * k) / phones, start + ((end - start) * (k + 1)) / phones),
        ),
    guessed: false,
    missed,
    evidence: 0,
  });
  // Three words read (0.0–0.3, 0.8–1.0, 1.1–1.7), one missed; pauses of 0.5 s and 0.1 s.
  const analysis: UtteranceAnalysis = {
    aligned: true,
    pass: 'strict',
    tokens: [token(0, 0.3, 3), token(0.8, 1.0, 2), token(1.0, 1.0, 0, true), token(1.1, 1.7, 3)],
    pauses: [
      { start: 0.3, end: 0.8, kind: 'silence' },
      { start: 1.0, end: 1.1, kind: 'silence' },
    ],
    frames: 170,
    model: 'debian',
    guessed: [],
  };
  const activity = { voicedFrames: new Uint8Array(170).fill(1) } as unknown as VoiceActivity;

  it('measures the pauses and the spread of the words’ durations', () => {
    const s = sentenceFeatures(analysis, activity);
    // Span 1.7 s, pauses ≥ 0.15 s: 0.5 s; one pause over two gaps between words read.
    expect(s.pause_share).toBeCloseTo(0.5 / 1.7, 9);
    expect(s.pause_per_gap).toBe(0.5);
    // log(0.1), log(0.1), log(0.2): a spread of log 2 × √2 / 3.
    expect(s.dur_spread).toBeCloseTo((Math.log(2) * Math.SQRT2) / 3, 9);
  });

  it('gives the same numbers from the cached sentence and word features', () => {
    const s = sentenceFeatures(analysis, activity);
    const derived = prosodyFeatures(s, wordFeatures(analysis, activity));
    expect(derived.pause_share).toBeCloseTo(s.pause_share, 9);
    expect(derived.pause_per_gap).toBe(s.pause_per_gap);
    expect(derived.dur_spread).toBeCloseTo(s.dur_spread, 9);
  });

  it('is 0 for a single word', () => {
    expect(
      prosodyFeatures({ pause_total: 0, pause_count: 0, rate: 10 }, [
        { missed: 0, phones: 3, sec_per_phone: 0.1 },
      ]),
    ).toEqual({ pause_share: 0, pause_per_gap: 0, dur_spread: 0 });
  });
});
