import type { TBookInfo } from '@picbook/contracts';

/**
 * What a book card says about access, from the access code of learning-content §6: free trial
 * books, books that open with a membership, only for members, or that the child's experience
 * right can unlock. A guest sees what the book really takes: signing in alone opens no more books
 * (a new account holds no right), so a guest's locked book says 会员 or 会员专享 as it will after
 * signing in (issue 39 item 7); the lock panel says what signing in gives.
 */
export type BookBadge = 'free' | 'vip' | 'members' | 'unlockable';

/** Badges drawn with the lock: the book cannot be opened by this user as things stand. */
export const LOCKED_BADGES: ReadonlySet<BookBadge> = new Set(['vip', 'members']);

/** Badges of the codes that keep a standard or members' book closed (§6). */
const CLOSED_BADGES: Partial<Record<TBookInfo['access_code'], BookBadge>> = {
  11: 'vip',
  12: 'members',
  21: 'vip',
  22: 'members',
  32: 'members',
  31: 'unlockable',
};

/**
 * The badge of a book for this user, or null for none. 0 (full access) shows nothing; units
 * digit 3 (free trial, book type 1) "免费"; 11/21 "会员"; 12/22/32 "会员专享"; 31
 * "可解锁" until the child has unlocked it.
 */
export function bookBadge(info: Pick<TBookInfo, 'access_code' | 'lock'>): BookBadge | null {
  const code = info.access_code;
  if (code === 0) return null;
  if (code % 10 === 3) return 'free';
  // An open book (unlocked with the experience right) needs no badge.
  if (info.lock === 0) return null;
  return CLOSED_BADGES[code] ?? null;
}
