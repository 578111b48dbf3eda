import { describe, expect, it } from 'vitest';
import {
  type Attempt,
  bestScoreOf,
  canReplayAttempt,
  isScoredAttempt,
  type RunItem,
  type RunSummary,
  type ScoreChannels,
  type ShortfallChannel,
  scoreShortfall,
  summarizeRun,
} from './speech-attempts';

describe('isScoredAttempt: only a reading of the sentence is a score', () => {
  it.each([
    [{ verdict: 'ok', score: 87 }, true],
    [{ verdict: 'ok', score: 0 }, true],
    [{ verdict: 'no_voice', score: 0 }, false],
    [{ verdict: 'noise', score: 0 }, false],
    [{ verdict: 'too_short', score: 0 }, false],
    [{ verdict: 'different_text', score: 20 }, false],
    [{ verdict: null, score: 0 }, false],
    [{ verdict: 'ok', score: null }, false],
    [{ verdict: 'ok', score: Number.NaN }, false],
  ] as Array<[Attempt, boolean]>)('%j → %s', (attempt, scored) => {
    expect(isScoredAttempt(attempt)).toBe(scored);
  });
});

describe('bestScoreOf: the maximum over scored attempts', () => {
  it.each([
    // 重新开始 after a 98: the 20 of "another sentence" and the silence are no best.
    [
      [
        { verdict: 'ok', score: 98 },
        { verdict: 'different_text', score: 20 },
      ],
      98,
    ],
    [[{ verdict: 'different_text', score: 20 }], null],
    [[{ verdict: 'no_voice', score: 0 }], null],
    [[], null],
    [
      [
        { verdict: 'ok', score: 61 },
        { verdict: 'ok', score: 87 },
        { verdict: 'ok', score: 70 },
      ],
      87,
    ],
    [[{ verdict: 'ok', score: 0 }], 0],
  ] as Array<[Attempt[], number | null]>)('%j → %s', (attempts, best) => {
    expect(bestScoreOf(attempts)).toBe(best);
  });
});

describe('canReplayAttempt: no replay of silence', () => {
  it.each([
    ['ok', true],
    ['different_text', true],
    ['too_short', true],
    ['no_voice', false],
    ['noise', false],
  ])('%s → %s', (verdict, replay) => {
    expect(canReplayAttempt(verdict)).toBe(replay);
  });
});

const words = (...scores: number[]) => scores.map((score) => ({ score }));
describe('scoreShortfall: why a sentence scored below its words', () => {
  it.each([
    // "Up, up, up it goes!" 87 with every word at 100: the pace pulled it down.
    [
      {
        score: 87,
        accuracy: 96,
        fluency: 74,
        completeness: 100,
        words: words(100, 100, 100, 100, 100),
      },
      'fluency',
    ],
    [
      {
        score: 80,
        accuracy: 78,
        fluency: 92,
        completeness: 100,
        words: words(100, 100, 100, 100),
      },
      'accuracy',
    ],
    [
      { score: 80, accuracy: 85, fluency: 85, completeness: 100, words: words(100, 100) },
      'fluency',
    ],
    // A word left out: completeness says why (the missed word shows too).
    [
      {
        score: 60,
        accuracy: 95,
        fluency: 60,
        completeness: 80,
        words: words(100, 100, 100, 100, 90),
      },
      'completeness',
    ],
    // The words explain it: no reason needed.
    [{ score: 87, accuracy: 88, fluency: 80, completeness: 100, words: words(90, 85, 88) }, null],
    [{ score: 96, accuracy: 96, fluency: 90, completeness: 100, words: words(100, 100) }, null],
    [{ score: 95, accuracy: 95, fluency: 95, completeness: 100, words: words(70, 80) }, null],
    [{ score: 50, accuracy: 50, fluency: 50, completeness: 100, words: [] }, null],
  ] as Array<[ScoreChannels, ShortfallChannel | null]>)('%j → %s', (result, reason) => {
    expect(scoreShortfall(result)).toBe(reason);
  });
});

describe('summarizeRun: a run by what was scored in it', () => {
  it.each([
    // The 跟读报告's 「红风筝 20 分」: one sentence of five at 99.
    [[{ score: 99 }], 5, { scored: 1, total: 5, score: 99, state: 'partial' }],
    [
      [{ score: 90 }, { score: 91 }, { score: 80 }, { score: 100 }, { score: 95 }],
      5,
      { scored: 5, total: 5, score: 92, state: 'complete' },
    ],
    // Silence and another sentence filed by an older client count nothing.
    [
      [
        { score: 0, verdict: 'no_voice' },
        { score: 20, verdict: 'different_text' },
      ],
      5,
      { scored: 0, total: 5, score: null, state: 'empty' },
    ],
    [
      [
        { score: 0, verdict: null },
        { score: 77, verdict: 'ok' },
        { score: 20, verdict: 'different_text' },
      ],
      5,
      { scored: 1, total: 5, score: 77, state: 'partial' },
    ],
    [[], 5, { scored: 0, total: 5, score: null, state: 'empty' }],
    [[{ score: 70 }, { score: 71 }], 2, { scored: 2, total: 2, score: 71, state: 'complete' }],
  ] as Array<[RunItem[], number, RunSummary]>)('%j of %i → %j', (items, total, summary) => {
    expect(summarizeRun(items, total)).toEqual(summary);
  });
});
