import { describe, expect, it } from 'vitest';
import { competitorsIn, indexBookLines, lineKey } from './book-lines';

const index = indexBookLines([
  { bookId: 2, page: 2, sentences: ['The kite goes up.', 'Lele runs after it.'] },
  { bookId: 2, page: 1, sentences: ['Dad has a red kite.', 'It is a windy day.'] },
  { bookId: 3, page: 1, sentences: ['It is a windy day.', 'We fly a kite.'] },
  { bookId: 3, page: 2, sentences: [] },
]);

describe('book lines', () => {
  it.each([
    ["Tom's kite!", 'tomskite'],
    ['  Up, up, UP it goes! ', 'upupupitgoes'],
    ['……', ''],
  ])('lineKey(%j) = %j', (text, key) => {
    expect(lineKey(text)).toBe(key);
  });

  it.each([
    // A sentence competes with its book's other sentences, nearest first.
    ['Dad has a red kite.', ['It is a windy day.', 'The kite goes up.', 'Lele runs after it.']],
    ['dad HAS a red kite', ['It is a windy day.', 'The kite goes up.', 'Lele runs after it.']],
    // In two books: the lines of both.
    [
      'It is a windy day.',
      ['Dad has a red kite.', 'The kite goes up.', 'Lele runs after it.', 'We fly a kite.'],
    ],
    // A page's text (speak mode) competes with the book's other pages.
    ['Dad has a red kite. It is a windy day.', ['The kite goes up. Lele runs after it.']],
    // Not in a book, or one word: nothing.
    ['A cat sat on the mat.', []],
    ['kite', []],
  ])('%j competes with %j', (ref, expected) => {
    expect(competitorsIn(index, ref)).toEqual(expected);
  });
});
