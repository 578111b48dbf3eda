import { describe, expect, it } from 'vitest';
import { dictionaryWords, trimDictionary } from './device-dictionary';

const DICT = [
  'a AH',
  'a(2) EY',
  'kite K AY T',
  'lele L EH L EH',
  'red R EH D',
  'read R IY D',
  'read(2) R EH D',
  'the DH AH',
  'three TH R IY',
].join('\n');

describe('device dictionary', () => {
  it.each([
    ['A red kite.', ['a', 'red', 'kite']],
    ["Lele's kite", ["lele's", 'lele', 's', 'kite']],
    ['I have 3!', ['i', 'have', 'three']],
    ['ice-cream', ['ice', 'cream']],
  ])('words of %j', (text, expected) => {
    expect([...dictionaryWords([text])].sort()).toEqual([...expected].sort());
  });

  it('keeps the words asked for with their alternates, in order', () => {
    expect(trimDictionary(DICT, dictionaryWords(["Lele's 3 red kites", 'a read']))).toBe(
      [
        'a AH',
        'a(2) EY',
        'lele L EH L EH',
        'red R EH D',
        'read R IY D',
        'read(2) R EH D',
        'three TH R IY',
        '',
      ].join('\n'),
    );
  });

  it('is empty when no word is known', () => {
    expect(trimDictionary(DICT, new Set(['zebra']))).toBe('');
  });
});
