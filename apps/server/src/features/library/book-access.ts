import { ErrorCode, type TBookCard, type TBookInfo, type TReadingState } from '@picbook/contracts';
import {
  type BookAccessCode,
  bookAccessCode,
  canReadBook,
  canUnlockBook,
  lockReason,
  processPage,
  type RightLike,
} from '@picbook/domain';
import type { DbOrTx } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { unixSeconds } from '../../platform/time';
import { createUserQueries } from '../user';
import { type BookRow, createLibraryQueries } from './library.queries';
import { createReadingQueries, type ProgressRow } from './reading.queries';

/** Who is asking for books: no token counts as a guest without rights. */
export interface Reader {
  userId: number | null;
  isGuest: boolean;
  rights: RightLike[];
  now: number;
}

export async function loadReader(db: DbOrTx, userId: number | null, now: Date): Promise<Reader> {
  const at = unixSeconds(now);
  if (userId === null) return { userId: null, isGuest: true, rights: [], now: at };
  const q = createUserQueries(db);
  const [user, rights] = await Promise.all([q.findById(userId), q.listRights(userId)]);
  return {
    userId,
    isGuest: user?.isGuest ?? true,
    rights: rights.map((r) => ({
      name: r.name,
      expire_time: unixSeconds(r.expireTime),
      create_time: unixSeconds(r.createTime),
    })),
    now: at,
  };
}

export function accessCodeFor(reader: Reader, book: Pick<BookRow, 'bookType'>): BookAccessCode {
  return bookAccessCode({
    isGuest: reader.isGuest,
    rights: reader.rights,
    bookType: book.bookType,
    now: reader.now,
  });
}

/** The book_info every book screen shows, with this reader's access code and lock. */
export function presentBookInfo(book: BookRow, reader: Reader, unlocked: boolean): TBookInfo {
  const code = accessCodeFor(reader, book);
  const open = canReadBook(code, unlocked);
  return {
    id: book.id,
    title_en: book.titleEn,
    title_cn: book.titleCn,
    level: book.level,
    category: book.category,
    book_type: book.bookType,
    cover: book.cover,
    page_count: book.pageCount,
    word_count: book.wordCount,
    duration: book.duration,
    access_code: code,
    lock: open ? 0 : 1,
    lock_reason: open ? null : lockReason(code),
    can_unlock: !open && canUnlockBook(code),
  };
}

export function presentReading(row: ProgressRow | undefined): TReadingState | null {
  if (!row) return null;
  return {
    process: row.process,
    page: processPage(row.process),
    mode: row.mode as TReadingState['mode'],
    finished: row.finishedAt !== null,
    finish_count: row.finishCount,
    last_read_at: unixSeconds(row.lastReadAt),
  };
}

/** Book cards for a list of books: access, unlocks and reading state read in two queries. */
export async function presentCards(
  db: DbOrTx,
  reader: Reader,
  books: BookRow[],
): Promise<TBookCard[]> {
  const ids = books.map((b) => b.id);
  const q = createReadingQueries(db);
  const [progress, unlocked] =
    reader.userId === null
      ? [new Map<number, ProgressRow>(), new Set<number>()]
      : await Promise.all([q.progressOf(reader.userId, ids), q.unlockedOf(reader.userId, ids)]);
  return cardsOf(reader, books, progress, unlocked);
}

/** Book cards from what is already read: the reader's progress and unlocks by book id. */
export function cardsOf(
  reader: Reader,
  books: BookRow[],
  progress: Map<number, ProgressRow>,
  unlocked: Set<number>,
): TBookCard[] {
  return books.map((book) => ({
    book_info: presentBookInfo(book, reader, unlocked.has(book.id)),
    reading: presentReading(progress.get(book.id)),
  }));
}

/** The book, or 10404 with the parent's message. */
export async function findBookOrFail(db: DbOrTx, id: number): Promise<BookRow> {
  return orNotFound(await createLibraryQueries(db).findBook(id));
}

export function orNotFound<T>(found: T | null): T {
  if (!found) throw new AppError(ErrorCode.RecordNotFound, '绘本不存在或已下架', { field: 'id' });
  return found;
}

/**
 * Whether this reader may open the book's pages (its access code, or unlocked with a right): what
 * screens that only need the yes/no ask, without the reading state and favourite of readerView.
 */
export async function isBookOpen(db: DbOrTx, reader: Reader, book: BookRow): Promise<boolean> {
  const code = accessCodeFor(reader, book);
  if (reader.userId === null) return canReadBook(code, false);
  const unlocked = await createReadingQueries(db).unlockedOf(reader.userId, [book.id]);
  return canReadBook(code, unlocked.has(book.id));
}

/** The book with this reader's view of it: info, whether it is open, reading state. */
export async function readerView(db: DbOrTx, reader: Reader, book: BookRow) {
  const q = createReadingQueries(db);
  const [progress, unlocked, favorite] =
    reader.userId === null
      ? [new Map(), new Set<number>(), false]
      : await Promise.all([
          q.progressOf(reader.userId, [book.id]),
          q.unlockedOf(reader.userId, [book.id]),
          q.isFavorite(reader.userId, book.id),
        ]);
  return viewOf(reader, book, progress, unlocked, favorite);
}

/** readerView from what is already read (a reader state). */
export function viewOf(
  reader: Reader,
  book: BookRow,
  progress: Map<number, ProgressRow>,
  unlocked: Set<number>,
  favorite: boolean,
) {
  const info = presentBookInfo(book, reader, unlocked.has(book.id));
  return { info, open: info.lock === 0, reading: presentReading(progress.get(book.id)), favorite };
}
