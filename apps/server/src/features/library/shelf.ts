import type { TBookCard, TShelfType } from '@picbook/contracts';
import type { RightLike } from '@picbook/domain';
import { perUserCache } from '../../platform/cache/change-cache';
import type { AppDeps } from '../../platform/deps';
import { unixSeconds } from '../../platform/time';
import { cardsOf } from './book-access';
import { type BookRow, createLibraryQueries } from './library.queries';
import { type ProgressJson, progressRowOf, rightsJson, STATE_TABLES } from './reader-state';
import type { ProgressRow } from './reading.queries';

/**
 * Every table a shelf page reads (issue 41, decision 112): a reader state's, less the token (the
 * session cache resolved it before). A committed change of any of them for the family drops its
 * cached pages on every process (migration 0018); books change as a whole table.
 */
export const SHELF_TABLES = STATE_TABLES.filter((t) => t !== 'auth_tokens');

/**
 * What a shelf page shows, without the clock: the locks are worked out from the rights at each
 * request's time (`presentShelf`), so a kept page never shows a book open after the membership
 * ran out, nor locked after it was bought (a new right is a user_rights change).
 */
export interface ShelfRows {
  isGuest: boolean;
  rights: RightLike[];
  /** The page's books, in the shelf's order. */
  books: BookRow[];
  progress: Map<number, ProgressRow>;
  unlocked: Set<number>;
  total: number;
}

interface ShelfRow {
  is_guest: boolean | null;
  rights: RightLike[];
  total: number;
  ids: number[];
  progress: ProgressJson[];
  unlocked: number[];
}

/** The statement of each shelf: $1 the user, $2 the page size, $3 the offset. */
function progressShelfSql(where: string, order: string): string {
  return `with page as (
      select p.* from reading_progress p
      where p.user_id = $1::int ${where} order by ${order} limit $2::int offset $3::int)
    select (select is_guest from users where id = $1::int) as is_guest,
      ${rightsJson('$1::int')} as rights,
      (select count(*)::int from reading_progress p where p.user_id = $1::int ${where}) as total,
      coalesce((select json_agg(p.book_id order by ${order}) from page p), '[]'::json) as ids,
      coalesce((select json_agg(p.*) from page p), '[]'::json) as progress,
      coalesce((select json_agg(k.book_id) from book_unlocks k
        where k.user_id = $1::int and k.book_id in (select book_id from page)), '[]'::json) as unlocked`;
}

const SHELF_SQL: Record<TShelfType, string> = {
  recent: progressShelfSql('', 'p.last_read_at desc, p.book_id desc'),
  reading: progressShelfSql('and p.finished_at is null', 'p.last_read_at desc, p.book_id desc'),
  finished: progressShelfSql('and p.finished_at is not null', 'p.finished_at desc, p.book_id desc'),
  favorites: `with page as (
      select f.book_id, f.created_at from book_favorites f
      where f.user_id = $1::int order by f.created_at desc, f.book_id desc
      limit $2::int offset $3::int)
    select (select is_guest from users where id = $1::int) as is_guest,
      ${rightsJson('$1::int')} as rights,
      (select count(*)::int from book_favorites f where f.user_id = $1::int) as total,
      coalesce((select json_agg(f.book_id order by f.created_at desc, f.book_id desc) from page f),
        '[]'::json) as ids,
      coalesce((select json_agg(p.*) from reading_progress p
        where p.user_id = $1::int and p.book_id in (select book_id from page)), '[]'::json) as progress,
      coalesce((select json_agg(k.book_id) from book_unlocks k
        where k.user_id = $1::int and k.book_id in (select book_id from page)), '[]'::json) as unlocked`,
};

/** Shelf pages of the families who opened the library lately, per (shelf, page, page size). */
const cachedPages = perUserCache<ShelfRows>(SHELF_TABLES, 20_000);

/** One statement, then the page's book rows (none when the page is empty). */
async function queryShelf(
  deps: Pick<AppDeps, 'db' | 'database'>,
  userId: number,
  type: TShelfType,
  limit: number,
  offset: number,
): Promise<ShelfRows> {
  const [row] = await deps.database.queryNamed<ShelfRow>(`shelf-${type}`, SHELF_SQL[type], [
    userId,
    limit,
    offset,
  ]);
  if (!row) throw new Error('shelf query returned no row');
  const rows = await createLibraryQueries(deps.db).listByIds(row.ids);
  const byId = new Map(rows.map((b) => [b.id, b]));
  return {
    isGuest: row.is_guest ?? true,
    rights: row.rights,
    books: row.ids.flatMap((id) => byId.get(id) ?? []),
    progress: new Map(row.progress.map((p) => [p.book_id, progressRowOf(p)])),
    unlocked: new Set(row.unlocked),
    total: row.total,
  };
}

/**
 * GET /api/v1/bookshelf/{type}, asked at every library start: the page's rows from this
 * process's cache while the change feed is live, else one statement and the page's books.
 */
export async function loadShelf(
  deps: Pick<AppDeps, 'db' | 'database'>,
  userId: number,
  type: TShelfType,
  page: number,
  pageSize: number,
): Promise<ShelfRows> {
  const load = () => queryShelf(deps, userId, type, pageSize, (page - 1) * pageSize);
  const rows = await cachedPages(deps.db, userId, load, `${type}:${page}:${pageSize}`);
  if (!rows) throw new Error('shelf missing');
  return rows;
}

/** The page's cards at `now`: each book's lock from the rights that hold at that moment. */
export function presentShelf(rows: ShelfRows, userId: number, now: Date): TBookCard[] {
  const reader = { userId, isGuest: rows.isGuest, rights: rows.rights, now: unixSeconds(now) };
  return cardsOf(reader, rows.books, rows.progress, rows.unlocked);
}
