/**
 * Rights and book access (learning-content §6). Times are Unix seconds, server-adjusted.
 */
export interface RightLike {
  name: string;
  /** Unix seconds. */
  expire_time: number;
  create_time: number;
}

/** Rights that open every book (spec: du_vip, library, vip or school; a lifetime VIP is a vip). */
export const FULL_ACCESS_RIGHTS = [
  'du_vip',
  'library',
  'vip',
  'life_vip',
  'school_usable',
] as const;

/**
 * A right counts while it has remaining duration; school_usable must also have started
 * (within its create and expire times).
 */
export function isRightActive(right: RightLike, now: number): boolean {
  if (right.expire_time <= now) return false;
  if (right.name === 'school_usable' && right.create_time > now) return false;
  return true;
}

export function hasActiveRight(
  rights: readonly RightLike[],
  names: readonly string[],
  now: number,
): boolean {
  return rights.some((r) => names.includes(r.name) && isRightActive(r, now));
}

/** Book types: 1 free trial, 0 standard, 5 members only. */
export const BOOK_TYPE = { trial: 1, standard: 0, members: 5 } as const;

export type BookAccessCode = 0 | 11 | 12 | 13 | 21 | 22 | 23 | 31 | 32 | 33;

/**
 * The book access code of the spec: 0 with full access; otherwise a tens digit for who is reading
 * (3 with an experience right, 1 a guest, 2 an ordinary user) and a units digit for the book type
 * (1 for type 0, 2 for type 5, 3 for any other type — the free trial books).
 */
export function bookAccessCode(input: {
  isGuest: boolean;
  rights: readonly RightLike[];
  bookType: number;
  now: number;
}): BookAccessCode {
  if (hasActiveRight(input.rights, FULL_ACCESS_RIGHTS, input.now)) return 0;
  const units = input.bookType === 0 ? 1 : input.bookType === 5 ? 2 : 3;
  const tens = hasActiveRight(input.rights, ['experience'], input.now) ? 3 : input.isGuest ? 1 : 2;
  return (tens * 10 + units) as BookAccessCode;
}

/** Free trial books (units digit 3) are open to everyone; full access opens everything. */
export function isOpenBook(code: BookAccessCode): boolean {
  return code === 0 || code % 10 === 3;
}

/** Whether the user may unlock the book: an experience right unlocks standard books. */
export function canUnlockBook(code: BookAccessCode): boolean {
  return isOpenBook(code) || code === 31;
}

/**
 * Whether the full content may be sent: open, or unlocked by this user while the right that
 * allowed the unlock still holds (an experience right's unlocks end with the right).
 */
export function canReadBook(code: BookAccessCode, isUnlocked: boolean): boolean {
  return isOpenBook(code) || (isUnlocked && canUnlockBook(code));
}

/** Why a book stays locked, for the message a parent sees. */
export function lockReason(code: BookAccessCode): 'login' | 'vip' | 'members' | null {
  if (canUnlockBook(code)) return null;
  if (code === 11 || code === 12) return 'login';
  if (code === 22 || code === 32) return 'members';
  return 'vip';
}

/**
 * Reading progress only moves forward (spec §4): a process string replaces the saved one only
 * when it is lexicographically greater.
 */
export function advanceProcess(saved: string | null, next: string): string {
  return saved === null || next > saved ? next : saved;
}

/** The reader's process for a page (1-based): zero-padded so string order is page order. */
export const pageProcess = (page: number): string =>
  String(Math.max(1, Math.floor(page))).padStart(3, '0');
export const processPage = (process: string): number =>
  Math.max(1, Number.parseInt(process, 10) || 1);
