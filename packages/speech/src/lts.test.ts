import { describe, expect, it } from 'vitest';
import { letterToSound } from './lts';
import { MODEL_PHONES } from './model';

describe('letterToSound (NRL rules)', () => {
  it.each([
    ['cat', 'K AE T'],
    ['ship', 'SH IH P'],
    ['phone', 'F OW N'],
    ['kite', 'K AY T'],
    ['sky', 'S K AY'],
    ['look', 'L UH K'],
    ['the', 'DH AH'],
    ['green', 'G R IY N'],
    ['boat', 'B OW T'],
    ['three', 'TH R IY'],
    ['thing', 'TH IH NG'],
    ['little', 'L IH T AH L'],
    ['ducks', 'D AH K S'],
    ['nation', 'N EY SH AH N'],
    ['knot', 'N AA T'],
    ['lele', 'L IY L'],
    ['bobo', 'B AA B OW'],
    ['mooncakes', 'M UW N K EY K S'],
    ["don't", 'D OW N T'],
    ['SHIP', 'SH IH P'],
  ])('%s → %s', (word, phones) => {
    expect(letterToSound(word).join(' ')).toBe(phones);
  });

  it.each(['duoduo', 'xiaoyu', 'zongzi', 'blorptastic', 'hmm', 'shh', 'brrr', 'zxqv', 'h'])(
    'gives the made-up word "%s" a non-empty pronunciation in the model phone set',
    (word) => {
      const phones = letterToSound(word);
      expect(phones.length).toBeGreaterThan(0);
      for (const phone of phones) expect(MODEL_PHONES.has(phone)).toBe(true);
    },
  );

  it('returns nothing for words without Latin letters', () => {
    expect(letterToSound('饺子')).toEqual([]);
    expect(letterToSound("'")).toEqual([]);
  });
});
