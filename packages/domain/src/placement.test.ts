import { describe, expect, it } from 'vitest';
import {
  basisLevel,
  decidePlacement,
  PLACEMENT,
  type QuizAnswer,
  quizLevelAfter,
  quizStartLevel,
  vocabularyLevel,
} from './placement';

const ans = (spec: string): QuizAnswer[] =>
  spec
    .split(' ')
    .filter(Boolean)
    .map((s) => ({ level: Number(s[0]), correct: s[1] === '+' }));

describe('basisLevel: the lower of age and grade', () => {
  it.each([
    [4, 0, 1],
    [6, 0, 1],
    [7, 1, 1],
    [8, 3, 3],
    [9, 2, 2],
    [12, 6, 6],
    [15, 9, 6],
  ])('age %i grade %i → %i', (age, grade, level) => {
    expect(basisLevel(age, grade)).toBe(level);
  });
});

describe('vocabularyLevel: every level up to L at least half known', () => {
  const row = (level: number, known: number) => ({ level, shown: 4, known });
  it.each([
    [[row(1, 1)], 0],
    [[row(1, 2)], 1],
    [[row(1, 4), row(2, 3), row(3, 1)], 2],
    [[row(1, 4), row(2, 1), row(3, 4)], 1],
    [[1, 2, 3, 4, 5, 6].map((l) => row(l, 4)), 6],
    [[], 0],
  ])('%j → %i', (rows, level) => {
    expect(vocabularyLevel(rows)).toBe(level);
  });
});

describe('quiz staircase', () => {
  it.each([
    [3, 1, 2],
    [3, 0, 1],
    [6, 6, 6],
  ])('start from basis %i and vocabulary %i → %i', (basis, vocab, start) => {
    expect(quizStartLevel(basis, vocab)).toBe(start);
  });
  it.each([
    [2, '', 2],
    [2, '2+', 3],
    [2, '2+ 3+ 4-', 3],
    [1, '1- 1-', 1],
    [6, '6+', 6],
  ])('start %i, answers %s → next at %i', (start, spec, level) => {
    expect(quizLevelAfter(start, ans(spec))).toBe(level);
  });
});

describe('decidePlacement (quiz level, capped one above vocabulary)', () => {
  it.each([
    ['2+ 3+ 4- 3+ 4+ 5- 4- 3+', 6, 3, 3],
    ['2+ 3+ 4+ 5+ 6+ 6+ 6+ 6-', 6, 6, 6],
    ['2+ 3+ 4+ 5+ 6+ 6+ 6+ 6-', 2, 6, 3],
    ['3- 2- 1- 1- 1- 1- 1- 1-', 6, 1, 1],
    ['4- 3- 2+ 3- 2+ 3- 2- 1+', 6, 2, 2],
    ['', 0, 1, 1],
  ])('answers %s, vocabulary %i → quiz %i, level %i', (spec, vocab, quizLevel, level) => {
    const decision = decidePlacement(ans(spec), vocab);
    expect(decision.quizLevel).toBe(quizLevel);
    expect(decision.level).toBe(level);
    expect(decision.level).toBeGreaterThanOrEqual(PLACEMENT.minLevel);
  });
});
