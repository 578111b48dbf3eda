import { describe, expect, it } from 'vitest';
import {
  activeSentenceAt,
  activeWordAt,
  bareWord,
  type PageWord,
  parsePageTimelines,
  sentencePieces,
} from './timeline';

/** Page 2 of The Red Kite, two sentences, as the builder writes it (0.45 s between sentences). */
const spans = [
  { i: 0, start: 0, end: 1.5 },
  { i: 1, start: 1.95, end: 3.2 },
];
const words: PageWord[] = [
  { s: 0, w: 'Dad', o: 0, start: 0.17, end: 0.39 },
  { s: 0, w: 'has', o: 4, start: 0.39, end: 0.61 },
  { s: 0, w: 'a', o: 8, start: 0.61, end: 0.7 },
  { s: 0, w: 'kite.', o: 10, start: 0.7, end: 1.3 },
  { s: 1, w: 'Look!', o: 0, start: 2.1, end: 2.6 },
];
const raw = {
  read_sentences_timeline: JSON.stringify(spans),
  read_words_timeline: JSON.stringify(words),
  sentences_timeline: JSON.stringify([
    { i: 0, audio: '/media/books/1101/p2-s1.4f0c1a2b.mp3', duration: 1.5 },
    { i: 1, audio: '/media/books/1101/p2-s2.0a0b0c0d.mp3', duration: 1.25 },
  ]),
  words_timeline: JSON.stringify([words.slice(0, 4).map(({ s: _s, ...w }) => w), []]),
};

describe('parsePageTimelines', () => {
  it('parses the four JSON strings into page_sentences, page_words, sentences, words', () => {
    const t = parsePageTimelines(raw);
    expect(t.page_sentences).toEqual(spans);
    expect(t.page_words).toHaveLength(5);
    expect(t.sentences.map((s) => s.i)).toEqual([0, 1]);
    expect(t.words[0]?.map((w) => w.w)).toEqual(['Dad', 'has', 'a', 'kite.']);
    expect(t.words[1]).toEqual([]);
  });

  it.each([
    ['not JSON', '{oops'],
    ['an object, not a list', '{"i":0}'],
    ['null', 'null'],
  ])('a field that is %s becomes an empty list', (_label, bad) => {
    const t = parsePageTimelines({
      ...raw,
      read_words_timeline: bad,
      read_sentences_timeline: bad,
    });
    expect(t.page_words).toEqual([]);
    expect(t.page_sentences).toEqual([]);
    expect(t.sentences).toHaveLength(2);
  });

  it('drops malformed entries and sorts by start', () => {
    const t = parsePageTimelines({
      ...raw,
      read_words_timeline: JSON.stringify([
        { s: 0, w: 'b', o: 2, start: 0.5, end: 0.6 },
        { s: 0, w: 'a', o: 0, start: 0.1, end: 0.2 },
        { s: 0, w: 'x', o: 4, start: 'soon', end: 1 },
        { s: 0, w: 'y', o: 6, start: 0.9, end: 0.8 },
      ]),
    });
    expect(t.page_words.map((w) => w.w)).toEqual(['a', 'b']);
  });
});

describe('activeSentenceAt (page audio seconds)', () => {
  it.each([
    [-0.1, -1],
    [0, 0],
    [1.49, 0],
    [1.7, 0], // the pause between sentences keeps the last one lit
    [1.95, 1],
    [3.19, 1],
    [3.2, -1], // narration over
    [10, -1],
  ])('t = %d → sentence %i', (t, expected) => {
    expect(activeSentenceAt(spans, t)).toBe(expected);
  });

  it('is -1 for a page without a timeline', () => {
    expect(activeSentenceAt([], 1)).toBe(-1);
  });
});

describe('activeWordAt', () => {
  it.each([
    [0, -1],
    [0.17, 0],
    [0.38, 0],
    [0.39, 1],
    [0.65, 2],
    [1.0, 3],
    [1.5, 3], // held 0.25 s after "kite." ends at 1.3
    [1.56, -1], // a longer silence turns it off
    [2.2, 4],
  ])('t = %d → word %i', (t, expected) => {
    expect(activeWordAt(words, t)).toBe(expected);
  });

  it('a hold of 0 turns words off as soon as they end', () => {
    expect(activeWordAt(words, 1.31, 0)).toBe(-1);
  });
});

describe('sentencePieces', () => {
  it('splits a sentence into its timed words and the text between them', () => {
    expect(sentencePieces('Dad has a kite.', words.slice(0, 4))).toEqual([
      { text: 'Dad', at: 0, word: 0 },
      { text: ' ', at: 3, word: null },
      { text: 'has', at: 4, word: 1 },
      { text: ' ', at: 7, word: null },
      { text: 'a', at: 8, word: 2 },
      { text: ' ', at: 9, word: null },
      { text: 'kite.', at: 10, word: 3 },
    ]);
  });

  it('finds a word whose offset is off, and keeps untimed text', () => {
    const pieces = sentencePieces('"Hi, Mimi!" said Lele.', [
      { w: 'Hi,', o: 0, start: 0, end: 0.2 },
      { w: 'Lele.', o: 99, start: 0.5, end: 0.9 },
    ]);
    expect(pieces.map((p) => p.text).join('')).toBe('"Hi, Mimi!" said Lele.');
    expect(pieces.filter((p) => p.word !== null).map((p) => p.text)).toEqual(['Hi,', 'Lele.']);
  });

  it('is the whole text as one piece without words', () => {
    expect(sentencePieces('Look!', [])).toEqual([{ text: 'Look!', at: 0, word: null }]);
  });
});

describe('bareWord', () => {
  it.each([
    ['kite.', 'kite'],
    ['Look!', 'look'],
    ["Dad's,", "dad's"],
    ['"Hi,', 'hi'],
    ['Grandma’s', "grandma's"],
  ])('%s → %s', (displayed, bare) => {
    expect(bareWord(displayed)).toBe(bare);
  });
});
