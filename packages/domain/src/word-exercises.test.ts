import { describe, expect, it } from 'vitest';
import {
  checkSpelling,
  editDistance,
  firstMisplaced,
  letterKeys,
  normalizeSpelling,
  orderMatches,
  sentenceTiles,
  shuffled,
  spellScore,
} from './word-exercises';

describe('checkSpelling (a child’s tolerance)', () => {
  it.each([
    ['kite', 'kite', 'right'],
    ['kite', 'KITE', 'right'],
    ['kite', ' kite. ', 'right'],
    ['good night', 'good  night', 'right'],
    ['good night', 'Good Night!', 'right'],
    ["don't", 'don’t', 'right'],
    ['kite', 'kit', 'almost'],
    ['kite', 'ktie', 'almost'],
    ['umbrella', 'umbrela', 'almost'],
    ['red', 'rad', 'wrong'],
    ['kite', 'kt', 'wrong'],
    ['kite', '', 'wrong'],
    ['banana', 'apple', 'wrong'],
  ] as const)('%s ← "%s" → %s', (word, typed, result) => {
    expect(checkSpelling(word, typed)).toBe(result);
  });

  it.each([
    ['kitten', 'sitting', 3],
    ['ab', 'ba', 1],
    ['', 'abc', 3],
  ])('editDistance(%s, %s) = %i', (a, b, n) => expect(editDistance(a, b)).toBe(n));

  it('normalises case, apostrophes, spaces and end marks', () => {
    expect(normalizeSpelling('  Good   NIGHT! ')).toBe('good night');
  });
});

describe('spellScore (tries in order)', () => {
  it.each([
    ['kite', 'kite', 100],
    ['kit,kite', 'kite', 70],
    ['kit,kte,KITE', 'kite', 50],
    ['kit,kte', 'kite', 0],
    ['', 'kite', 0],
  ])('"%s" for %s → %i', (tries, word, score) => expect(spellScore(tries, word)).toBe(score));
});

describe('order checks', () => {
  const words = ['Up', 'up', 'up', 'it', 'goes'];
  it.each([
    [['Up', 'up', 'up', 'it', 'goes'], true],
    [['up', 'Up', 'up', 'it', 'goes'], true],
    [['up', 'up', 'it', 'up', 'goes'], false],
    [['Up', 'up', 'up', 'it'], false],
  ])('%o → %s', (given, ok) => expect(orderMatches(words, given)).toBe(ok));

  it('names the first tile out of place', () => {
    expect(firstMisplaced(['I', 'run', 'fast'], ['I', 'fast', 'run'])).toBe(1);
    expect(firstMisplaced(['I', 'run', 'fast'], ['I', 'run'])).toBe(-1);
  });

  it('sentence tiles drop end marks and keep apostrophes', () => {
    expect(sentenceTiles('Up, up, up it goes!')).toEqual(['Up', 'up', 'up', 'it', 'goes']);
    expect(sentenceTiles("Let's go home.")).toEqual(["Let's", 'go', 'home']);
  });
});

describe('shuffles', () => {
  it('are the same for the same seed and never the original order', () => {
    const items = ['a', 'b', 'c', 'd'];
    expect(shuffled(items, 'x')).toEqual(shuffled(items, 'x'));
    for (const seed of ['1', '2', '3', 'kite', 'red']) {
      const s = shuffled(items, seed);
      expect([...s].sort()).toEqual(items);
      expect(s).not.toEqual(items);
    }
    expect(shuffled(['a', 'b'], 'z')).toEqual(['b', 'a']);
  });

  it('the letter keyboard has every letter of the word once, plus a few others', () => {
    const keys = letterKeys('apple');
    expect(keys).toHaveLength(4 + 3);
    for (const c of 'aple') expect(keys).toContain(c);
    expect(new Set(keys).size).toBe(keys.length);
    expect(letterKeys('good night').filter((k) => 'godniht'.includes(k))).toHaveLength(7);
  });
});
