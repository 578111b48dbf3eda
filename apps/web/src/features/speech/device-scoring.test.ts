import { describe, expect, it } from 'vitest';
import { competitorsAmong } from './device-scoring';

/** The open book's lines as a device's competitors (decision 113): the server's rule, one book. */
const pages = [
  { page: 1, sentences: ['Tom has a red kite.', 'The kite is big.'] },
  { page: 2, sentences: ['Tom runs with the kite.'] },
  { page: 3, sentences: [] },
];

describe('competitorsAmong', () => {
  it("gives a sentence the book's other sentences, never itself", () => {
    const competitors = competitorsAmong(pages, 'Tom has a red kite.');
    expect(competitors).toEqual(
      expect.arrayContaining(['The kite is big.', 'Tom runs with the kite.']),
    );
    expect(competitors).not.toContain('Tom has a red kite.');
  });

  it('matches the text as the server does (case and punctuation aside)', () => {
    expect(competitorsAmong(pages, 'tom has a red kite')).toEqual(
      competitorsAmong(pages, 'Tom has a red kite.'),
    );
  });

  it("gives a page's text (speak mode) the other pages", () => {
    expect(competitorsAmong(pages, 'Tom has a red kite. The kite is big.')).toEqual([
      'Tom runs with the kite.',
    ]);
  });

  it('gives a text of no page nothing', () => {
    expect(competitorsAmong(pages, 'I can swim.')).toEqual([]);
    expect(competitorsAmong([], 'Tom has a red kite.')).toEqual([]);
  });
});
