import { describe, expect, it } from 'vitest';
import {
  competingSentences,
  isDifferentSentence,
  normalizeToken,
  numberToWords,
  tokenize,
} from './text';

describe('normalizeToken', () => {
  it.each([
    ['Look!', ['look']],
    ['Lele,', ['lele']],
    ["Lele's", ["lele's"]],
    ['Lele\u2019s', ["lele's"]],
    ["Don't", ["don't"]],
    ['"Hello,"', ['hello']],
    ["'Look,'", ['look']],
    ["ducks'", ['ducks']],
    ['ice-cream', ['ice', 'cream']],
    ['yes\u2014no', ['yes', 'no']],
    ['Café', ['cafe']],
    ['...', []],
    ['\u2014', []],
    ['3', ['three']],
    ['21st', ['twenty', 'first']],
    ['4th', ['fourth']],
    ['20th', ['twentieth']],
  ])('%s → %j', (raw, words) => {
    expect(normalizeToken(raw)).toEqual(words);
  });
});

describe('numberToWords', () => {
  it.each([
    ['0', 'zero'],
    ['7', 'seven'],
    ['15', 'fifteen'],
    ['40', 'forty'],
    ['99', 'ninety nine'],
    ['100', 'one hundred'],
    ['2024', 'two thousand twenty four'],
    ['1000000', 'one million'],
    ['007', 'zero zero seven'],
  ])('%s → %s', (digits, words) => {
    expect(numberToWords(digits).join(' ')).toBe(words);
  });
});

describe('tokenize', () => {
  it('keeps every whitespace token with its offset and spoken words', () => {
    const tokens = tokenize('Lele, look!  I see 3 kites \u2014 wow.');
    expect(tokens.map((t) => t.text)).toEqual([
      'Lele,',
      'look!',
      'I',
      'see',
      '3',
      'kites',
      '\u2014',
      'wow.',
    ]);
    expect(tokens.map((t) => t.offset)).toEqual([0, 6, 13, 15, 19, 21, 27, 29]);
    expect(tokens.map((t) => t.words)).toEqual([
      ['lele'],
      ['look'],
      ['i'],
      ['see'],
      ['three'],
      ['kites'],
      [],
      ['wow'],
    ]);
  });
});

describe('isDifferentSentence', () => {
  it.each([
    ['It is a windy day.', 'Dad has a red kite.', true],
    // One word changed: the same line misread, not another sentence.
    ['Dad has a blue kite.', 'Dad has a red kite.', false],
    // Half of the target's words (2 of 4) in the other: still different.
    ['Mum has a hat.', 'Dad has a kite.', true],
    ['Dad has a red kite.', 'Dad has a red kite.', false],
    ['Dad has a red kite!', 'Dad, has a red kite.', false],
    ['Look!', 'Dad has a red kite.', true],
    ['Hello.', 'Look!', false],
    ['...', 'Dad has a red kite.', false],
  ])('%j against %j → %s', (other, target, expected) => {
    expect(isDifferentSentence(other, target)).toBe(expected);
  });
});

describe('competingSentences', () => {
  const book = [
    'Dad has a red kite.',
    'It is a windy day.',
    'Dad has a blue kite.',
    'The kite goes up.',
    'It is a windy day.',
    'Lele runs after it.',
  ];
  it('takes the other lines, nearest first, each once, never a line that is nearly the same', () => {
    expect(competingSentences('The kite goes up.', book)).toEqual([
      'Dad has a blue kite.',
      'It is a windy day.',
      'Lele runs after it.',
      'Dad has a red kite.',
    ]);
    expect(competingSentences('Dad has a red kite.', book)).toEqual([
      'It is a windy day.',
      'The kite goes up.',
      'Lele runs after it.',
    ]);
  });
  it('takes at most `max`, and works for a text that is not in the pool', () => {
    expect(competingSentences('Dad has a red kite.', book, 1)).toEqual(['It is a windy day.']);
    expect(competingSentences('A cat sat on the mat.', book.slice(0, 2))).toEqual(book.slice(0, 2));
  });
});
