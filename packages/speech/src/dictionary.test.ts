import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Lexicon, type PronouncingDictionary, parsePronunciation, sSuffix } from './dictionary';
import { MODEL_PHONES } from './model';
import { englishModelDir, loadModelDictionary } from './model-dir';

// Entries in the format of content/lexicon.json (ARPAbet with stress digits).
const LEXICON = {
  lele: 'L AH1 L AH0',
  duoduo: 'D W AO1 D W AO0',
  mooncake: 'M UW1 N K EY2 K',
  wang: 'W AA1 NG',
};

let dict: PronouncingDictionary;
beforeAll(async () => {
  dict = await loadModelDictionary();
});

const first = (lexicon: Lexicon, word: string): string =>
  lexicon.pronounce(word).phones[0]?.join(' ') ?? '';

describe('model dictionary', () => {
  it('uses exactly the phones of the model phone set, without stress digits', async () => {
    const phoneset = JSON.parse(
      await readFile(path.join(englishModelDir(), 'phoneset.json'), 'utf8'),
    ) as Record<string, string>;
    const modelPhones = Object.keys(phoneset).filter((p) => /^[A-Z]+$/.test(p) && p !== 'SIL');
    expect([...MODEL_PHONES].sort()).toEqual(modelPhones.sort());
    expect(dict.size).toBeGreaterThan(120_000);
    expect(dict.lookup('look')).toEqual([['L', 'UH', 'K']]);
  });

  it('looks words up case-insensitively, keeping apostrophes and alternates', () => {
    expect(dict.lookup('LOOK')).toEqual([['L', 'UH', 'K']]);
    expect(dict.lookup("Don't")?.[0]).toEqual(['D', 'OW', 'N', 'T']);
    expect(dict.lookup('don\u2019t')?.length).toBe(2);
    expect(dict.lookup('a')).toEqual([['AH'], ['EY']]);
    expect(dict.lookup('lele')).toBeUndefined();
  });
});

describe('parsePronunciation', () => {
  it('strips stress digits and validates phones', () => {
    expect(parsePronunciation('M UW1 N K EY2 K')).toEqual(['M', 'UW', 'N', 'K', 'EY', 'K']);
    expect(parsePronunciation(' l ah0 l ah1 ')).toEqual(['L', 'AH', 'L', 'AH']);
    expect(() => parsePronunciation('L AX L', 'lele')).toThrow(/"AX".*"lele"/);
    expect(() => parsePronunciation('  ', 'lele')).toThrow(/Empty/);
  });

  it('rejects a bad extra dictionary up front', () => {
    expect(() => new Lexicon(dict, { lele: 'L QQ' })).toThrow(/Unknown phone "QQ"/);
  });
});

describe('Lexicon', () => {
  it('prefers extra entries over the model dictionary', () => {
    const lexicon = new Lexicon(dict, LEXICON);
    expect(lexicon.pronounce('Lele')).toEqual({
      word: 'lele',
      phones: [['L', 'AH', 'L', 'AH']],
      origin: 'extra',
    });
    expect(first(lexicon, 'wang')).toBe('W AA NG');
    expect(lexicon.pronounce('kite')).toMatchObject({
      origin: 'model',
      phones: [['K', 'AY', 'T']],
    });
  });

  it.each([
    ["Lele's", 'L AH L AH Z', 'derived'],
    ["duoduo's", 'D W AO D W AO Z', 'derived'],
    ['mooncakes', 'M UW N K EY K S', 'derived'],
    ["lele'll", 'L AH L AH L', 'derived'],
    ["cat's", 'K AE T S', 'model'],
    ["don't", 'D OW N T', 'model'],
  ])('pronounces %s as %s (%s)', (word, phones, origin) => {
    const lexicon = new Lexicon(dict, LEXICON);
    expect(lexicon.pronounce(word).origin).toBe(origin);
    expect(first(lexicon, word)).toBe(phones);
  });

  it('adds the right possessive ending to unknown names', () => {
    const lexicon = new Lexicon(dict);
    // Stems guessed by LTS, suffix chosen from the stem's last phone.
    expect(first(lexicon, "duoduo's")).toBe('D UW AA D UW OW Z');
    expect(first(lexicon, "zapf's")).toMatch(/ F S$/);
    expect(first(lexicon, "blorx's")).toMatch(/ K S IH Z$/);
    expect(sSuffix(['K', 'AE', 'T'])).toEqual(['S']);
    expect(sSuffix(['F', 'AA', 'K', 'S'])).toEqual(['IH', 'Z']);
    expect(sSuffix(['D', 'AO', 'G'])).toEqual(['Z']);
  });

  it('falls back to letter-to-sound for unknown words', () => {
    const lexicon = new Lexicon(dict);
    expect(lexicon.pronounce('Duoduo')).toEqual({
      word: 'duoduo',
      phones: [['D', 'UW', 'AA', 'D', 'UW', 'OW']],
      origin: 'lts',
    });
    expect(() => lexicon.pronounce('饺子')).toThrow(/Cannot pronounce/);
  });
});
