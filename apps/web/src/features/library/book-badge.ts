import type { TBookInfo } from '@picbook/contracts';

/**
 * What a book card says about access, from the access code of learning-content §6: free trial
 * books, books that open after logging in, with a membership, only for members, or that the
 * child's experience right can unlock.
 */
export type BookBadge = 'free' | 'login' | 'vip' | 'members' | 'unlockable';

/** Badges drawn with the lock: the book cannot be opened by this user as things stand. */
export const LOCKED_BADGES: ReadonlySet<BookBadge> = new Set(['login', 'vip', 'members']);

/** Badges of the codes that keep a standard or members' book closed (§6). */
const CLOSED_BADGES: Partial<Record<TBookInfo['access_code'], BookBadge>> = {
  11: 'login',
  12: 'login',
  21: 'vip',
  22: 'members',
  32: 'members',
  31: 'unlockable',
};

/**
 * The badge of a book for this user, or null for none. 0 (full access) shows nothing; units
 * digit 3 (free trial, book type 1) "免费"; 11/12 "登录"; 21 "会员"; 22/32 "会员专享"; 31
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
