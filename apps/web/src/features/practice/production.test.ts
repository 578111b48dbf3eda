import type { TBook, TRankDetail } from '@picbook/contracts';
import { describe, expect, it } from 'vitest';
import { starsForScore as posterStars } from '../../shared/recorder/score';
import { productionPages } from './ProductionPage';

const book = {
  pages: [
    {
      page: 2,
      image: '/2.webp',
      placeholder: '',
      sentences: [{ en: 'Dad has a kite.' }, { en: 'It is red.' }],
    },
    { page: 1, image: '/1.webp', placeholder: '', sentences: [{ en: 'Look!' }] },
    { page: 3, image: '/3.webp', placeholder: '', sentences: [{ en: 'Up it goes!' }] },
  ],
} as unknown as TBook;

const work = (items: Array<[string, string]>) =>
  ({
    items: items.map(([content_id, audio_url]) => ({ content_id, audio_url })),
  }) as unknown as TRankDetail;

describe('productionPages', () => {
  it("repeat: each sentence with the child's recording, unrecorded ones silent, pages in order", () => {
    const pages = productionPages(
      book,
      work([
        ['p2s2', '/uploads/rec/b.wav'],
        ['p1s1', '/uploads/rec/a.wav'],
      ]),
    );
    expect(pages.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(pages[1]?.lines).toEqual([
      { text: 'Dad has a kite.', audio: null },
      { text: 'It is red.', audio: '/uploads/rec/b.wav' },
    ]);
    expect(pages[2]?.lines).toEqual([{ text: 'Up it goes!', audio: null }]);
  });

  it('speak: a page recording plays for the whole page', () => {
    const pages = productionPages(book, work([['p2', '/uploads/rec/p2.wav']]));
    expect(pages[1]?.lines).toEqual([
      { text: 'Dad has a kite. It is red.', audio: '/uploads/rec/p2.wav' },
    ]);
  });
});

describe('posterStars', () => {
  it.each([
    [100, 3],
    [90, 3],
    [89, 2],
    [70, 2],
    [69, 1],
    [50, 1],
    [49, 0],
  ])('%i → %i stars', (score, stars) => expect(posterStars(score)).toBe(stars));
});
