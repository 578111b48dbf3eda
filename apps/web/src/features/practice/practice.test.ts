import type { TBook, TBookPage } from '@picbook/contracts';
import { WORK_TYPE } from '@picbook/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearHistory, continuableHistory, readHistory, saveHistory } from './practice-history';
import { bookPageLines, practiceItems } from './practice-items';

function page(n: number, sentences: Array<[string, string]>): TBookPage {
  let t = 0;
  const pageWords: object[] = [];
  const words = sentences.map(([en], s) =>
    en.split(' ').map((w, k) => {
      const o = en.split(' ').slice(0, k).join(' ').length + (k > 0 ? 1 : 0);
      const word = { w, o, start: k * 0.3, end: k * 0.3 + 0.25 };
      pageWords.push({ ...word, s, start: t + word.start, end: t + word.end });
      return word;
    }),
  );
  t += 2;
  return {
    page: n,
    image: `/p${n}.webp`,
    image_small: `/p${n}-s.webp`,
    placeholder: 'data:',
    audio: `/p${n}.mp3`,
    duration: 2,
    sentences: sentences.map(([en, zh], i) => ({
      en,
      zh,
      audio: `/p${n}-s${i + 1}.mp3`,
      duration: 1,
    })),
    note_cn: null,
    read_sentences_timeline: '[]',
    read_words_timeline: JSON.stringify(pageWords),
    sentences_timeline: '[]',
    words_timeline: JSON.stringify(words),
    hotspots: [],
  };
}

const book = {
  book_info: { id: 7 },
  pages: [
    page(2, [
      ['Dad has a kite.', '爸爸有风筝。'],
      ['It is red.', '它是红色的。'],
    ]),
    page(1, [['Look!', '看！']]),
    page(3, []),
  ],
} as unknown as TBook;

describe('practiceItems', () => {
  it('repeat: every sentence in page order, its own audio and word times', () => {
    const items = practiceItems(book, WORK_TYPE.repeat);
    expect(items.map((i) => [i.contentId, i.page, i.text, i.model.url])).toEqual([
      ['p1s1', 1, 'Look!', '/p1-s1.mp3'],
      ['p2s1', 2, 'Dad has a kite.', '/p2-s1.mp3'],
      ['p2s2', 2, 'It is red.', '/p2-s2.mp3'],
    ]);
    expect(items[2]?.words.map((w) => [w.w, w.o])).toEqual([
      ['It', 0],
      ['is', 3],
      ['red.', 6],
    ]);
  });

  it('speak: one item per page with text, sentences joined and word offsets moved', () => {
    const items = practiceItems(book, WORK_TYPE.speak);
    expect(items.map((i) => [i.contentId, i.text, i.model.url])).toEqual([
      ['p1', 'Look!', '/p1.mp3'],
      ['p2', 'Dad has a kite. It is red.', '/p2.mp3'],
    ]);
    const second = items[1];
    const red = second?.words.find((w) => w.w === 'red.');
    expect(second?.text.slice(red?.o, (red?.o ?? 0) + 4)).toBe('red.');
  });
});

describe('bookPageLines (the recorder’s pages: a device’s competitors)', () => {
  it('gives every page’s sentences in page order', () => {
    expect(bookPageLines(book)).toEqual([
      { page: 1, sentences: ['Look!'] },
      { page: 2, sentences: ['Dad has a kite.', 'It is red.'] },
      { page: 3, sentences: [] },
    ]);
  });
});

describe('practice history (library-{bookId}-{type})', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the run per user, book and mode', () => {
    saveHistory(1, 7, WORK_TYPE.repeat, { uuid: 'abcdefgh12', index: 2 }, 1000);
    expect(readHistory(1, 7, WORK_TYPE.repeat, 2000)).toEqual({
      uuid: 'abcdefgh12',
      index: 2,
      at: 1000,
    });
    expect(readHistory(2, 7, WORK_TYPE.repeat, 2000)).toBeNull();
    expect(readHistory(1, 7, WORK_TYPE.speak, 2000)).toBeNull();
    clearHistory(1, 7, WORK_TYPE.repeat);
    expect(readHistory(1, 7, WORK_TYPE.repeat, 2000)).toBeNull();
  });

  it.each([
    ['not json', '{'],
    ['bad uuid', JSON.stringify({ uuid: 'x', index: 0, at: 1000 })],
    ['negative index', JSON.stringify({ uuid: 'abcdefgh12', index: -1, at: 1000 })],
    [
      'a week old',
      JSON.stringify({ uuid: 'abcdefgh12', index: 1, at: 1000 - 8 * 24 * 3600 * 1000 }),
    ],
  ])('ignores %s', (_, raw) => {
    localStorage.setItem('picbook.archive.1.library-7-1', raw);
    expect(readHistory(1, 7, WORK_TYPE.repeat, 1000)).toBeNull();
  });

  // Issue 39: 「继续上次的练习吗？上次读到第 1 个」 on every entry. A run is saved as it opens, so
  // only progress past the first item is worth asking about.
  it.each([
    ['just opened (item 1)', 0, 10, false],
    ['moved on to item 2', 1, 10, true],
    ['at the last item', 9, 10, true],
    ['past the end (the book changed)', 10, 10, false],
  ])('a run %s (index %i of %i) → offered: %s', (_, index, items, offered) => {
    saveHistory(1, 7, WORK_TYPE.repeat, { uuid: 'abcdefgh12', index }, 1000);
    const history = readHistory(1, 7, WORK_TYPE.repeat, 2000);
    expect(history).not.toBeNull();
    expect(continuableHistory(history, items) !== null).toBe(offered);
  });
  it('offers nothing without a history', () => {
    expect(continuableHistory(null, 10)).toBeNull();
  });
});
