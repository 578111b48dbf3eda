import { describe, expect, it } from 'vitest';
import { normalizeToken, numberToWords, tokenize } from './text';

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
