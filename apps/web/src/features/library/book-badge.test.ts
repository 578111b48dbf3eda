import type { TBookInfo } from '@picbook/contracts';
import { describe, expect, it } from 'vitest';
import { type BookBadge, bookBadge, LOCKED_BADGES } from './book-badge';

type Code = TBookInfo['access_code'];

// learning-content §6: 0 full access; guest 11/12/13, user 21/22/23, experience 31/32/33 for
// book types 0 / 5 / other (the free trial books).
const table: [Code, 0 | 1, BookBadge | null][] = [
  [0, 0, null],
  [13, 0, 'free'],
  [23, 0, 'free'],
  [33, 0, 'free'],
  // A guest's badge says what the book takes once signed in (signing in alone opens none).
  [11, 1, 'vip'],
  [12, 1, 'members'],
  [21, 1, 'vip'],
  [22, 1, 'members'],
  [32, 1, 'members'],
  [31, 1, 'unlockable'],
  // Unlocked with the experience right: open, so no badge.
  [31, 0, null],
];

describe('bookBadge', () => {
  it.each(table)('access code %i with lock %i → %s', (access_code, lock, badge) => {
    expect(bookBadge({ access_code, lock })).toBe(badge);
  });

  it('draws the lock only for the badges that keep the book closed', () => {
    expect([...LOCKED_BADGES].sort()).toEqual(['members', 'vip']);
  });
});
