import { describe, expect, it } from 'vitest';
import {
  dailyReviewCount,
  isDueToday,
  LEARNED_STABILITY_DAYS,
  type ReciteOutcome,
  reciteOrder,
  reciteOutcome,
  reviewWord,
  type WordCard,
  wordStatus,
} from './word-review';

// 10:00 in China (UTC+8).
const NOW = new Date('2026-11-21T02:00:00Z');
const DAY = 86_400_000;
const days = (card: WordCard) => Math.round((card.due.getTime() - NOW.getTime()) / DAY);

describe('reciteOutcome', () => {
  it.each([
    [{ correct: false, tries: 3, ms: 1000 }, 'wrong'],
    [{ correct: true, tries: 2, ms: 1000 }, 'hesitant'],
    [{ correct: true, tries: 1, ms: 12_000 }, 'hesitant'],
    [{ correct: true, tries: 1, ms: 5000 }, 'right'],
    [{ correct: true, tries: 1, ms: 1500 }, 'fast'],
  ] as const)('%o → %s', (answer, outcome) => {
    expect(reciteOutcome(answer)).toBe(outcome);
  });
});

describe('reviewWord (FSRS, days only, no fuzz)', () => {
  it.each([
    ['wrong', 1],
    ['hesitant', 2],
    ['right', 3],
    ['fast', 8],
  ] as Array<[ReciteOutcome, number]>)('a new word answered %s is due in %i day(s)', (o, d) => {
    const card = reviewWord(null, o, NOW);
    expect(days(card)).toBe(d);
    expect(card.reps).toBe(1);
    expect(isDueToday(card, NOW)).toBe(false);
  });

  it('right again and again spreads the reviews; a wrong answer brings the word back sooner', () => {
    let card = reviewWord(null, 'right', NOW);
    const gaps: number[] = [];
    for (let i = 0; i < 3; i++) {
      const at = card.due;
      card = reviewWord(card, 'right', at);
      gaps.push(card.scheduledDays);
    }
    expect(gaps[0]).toBeLessThan(gaps[1] ?? 0);
    expect(gaps[1]).toBeLessThan(gaps[2] ?? 0);
    const lapsed = reviewWord(card, 'wrong', card.due);
    expect(lapsed.lapses).toBe(1);
    expect(lapsed.scheduledDays).toBeLessThan(card.scheduledDays);
  });

  it('a word becomes learned once it is stable for a week', () => {
    expect(wordStatus(null)).toBe('new');
    const once = reviewWord(null, 'right', NOW);
    expect(wordStatus(once)).toBe('learning');
    const easy = reviewWord(null, 'fast', NOW);
    expect(easy.stability).toBeGreaterThanOrEqual(LEARNED_STABILITY_DAYS);
    expect(wordStatus(easy)).toBe('learned');
  });
});

describe('isDueToday (China days)', () => {
  it.each([
    ['2026-11-21T02:00:00Z', true],
    ['2026-11-21T15:59:59Z', true],
    ['2026-11-21T16:00:00Z', false],
    ['2026-11-20T09:00:00Z', true],
  ])('due %s → %s', (due, expected) => {
    expect(isDueToday({ due: new Date(due) }, NOW)).toBe(expected);
  });
  it('a word never met is not due', () => expect(isDueToday(null, NOW)).toBe(false));
});

describe('dailyReviewCount', () => {
  it.each([
    [
      { due: 3, metToday: 0, unmet: 20, dailyNew: 5 },
      { due: 3, new_words: 5, total: 8 },
    ],
    [
      { due: 0, metToday: 2, unmet: 20, dailyNew: 5 },
      { due: 0, new_words: 3, total: 3 },
    ],
    [
      { due: 1, metToday: 7, unmet: 20, dailyNew: 5 },
      { due: 1, new_words: 0, total: 1 },
    ],
    [
      { due: 0, metToday: 0, unmet: 2, dailyNew: 5 },
      { due: 0, new_words: 2, total: 2 },
    ],
  ])('%o → %o', (input, expected) => expect(dailyReviewCount(input)).toEqual(expected));
});

describe('reciteOrder', () => {
  it('due words first (earliest first), then new ones, cut at max; else extra practice', () => {
    const card = (offsetDays: number) => ({ due: new Date(NOW.getTime() + offsetDays * DAY) });
    const words = [
      { w: 'later', card: card(3) },
      { w: 'new1', card: null },
      { w: 'due-late', card: card(-0.01) },
      { w: 'due-early', card: card(-2) },
      { w: 'new2', card: null },
    ];
    expect(reciteOrder(words, NOW, 4).map((w) => w.w)).toEqual([
      'due-early',
      'due-late',
      'new1',
      'new2',
    ]);
    expect(reciteOrder(words, NOW, 10)).toHaveLength(4);
    const allScheduled = [
      { w: 'b', card: card(5) },
      { w: 'a', card: card(2) },
    ];
    expect(reciteOrder(allScheduled, NOW, 10).map((w) => w.w)).toEqual(['a', 'b']);
  });
});
