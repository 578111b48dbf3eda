import type { RightLike } from '@picbook/domain';
import { hashToken } from '../../platform/auth/tokens';
import { type ChangeCache, createChangeCache } from '../../platform/cache/change-cache';
import { createVersionedCache, type VersionedCache } from '../../platform/cache/versioned-cache';
import type { Database, DbOrTx } from '../../platform/db/client';
import { unixSeconds } from '../../platform/time';
import type { Reader } from './book-access';
import { type BookRow, createLibraryQueries } from './library.queries';
import type { ProgressRow } from './reading.queries';

/**
 * The read path of the book screens (decision 071): who the token belongs to, what they may see
 * of some books and how far they read them, with the version of the books' content, in ONE
 * prepared statement and no transaction; the content itself (book rows, pages, words) comes from a bounded in-process cache
 * keyed by that version, so an import by any process is seen by all on their next request.
 */
export interface ReaderState {
  reader: Reader;
  /** Version of the books in scope: null when the one asked-for book does not exist. */
  version: string | null;
  progress: Map<number, ProgressRow>;
  unlocked: Set<number>;
  favorites: Set<number>;
}

type Scope = { bookId: number } | { level: number };

interface StateRow {
  user_id: number | null;
  token_expires_ms: number | null;
  version: string | null;
  is_guest: boolean | null;
  rights: RightLike[];
  progress: ProgressJson[];
  unlocked: number[];
  favorites: number[];
}

/** A reading_progress row as `json_agg(p.*)` gives it. */
export interface ProgressJson {
  user_id: number;
  book_id: number;
  process: string;
  mode: string;
  finish_count: number;
  first_read_at: string;
  last_read_at: string;
  finished_at: string | null;
}

export function progressRowOf(p: ProgressJson): ProgressRow {
  return {
    userId: p.user_id,
    bookId: p.book_id,
    process: p.process,
    mode: p.mode,
    finishCount: p.finish_count,
    firstReadAt: new Date(p.first_read_at),
    lastReadAt: new Date(p.last_read_at),
    finishedAt: p.finished_at === null ? null : new Date(p.finished_at),
  };
}

/** The user's rights (`user`: an SQL expression of the user id) as a JSON array of RightLike. */
export function rightsJson(user: string): string {
  return `coalesce((select json_agg(json_build_object(
          'name', r.name,
          'expire_time', floor(extract(epoch from r.expire_time)),
          'create_time', floor(extract(epoch from r.create_time))) order by r.id)
        from user_rights r where r.user_id = ${user}), '[]'::json)`;
}

/** The reader's state over some books ($3) and their version; the token's user ($1, $2) inside. */
function stateSql(books: (alias: string) => string, version: string): string {
  return `with u as (
      select user_id, expires_at from auth_tokens
      where token_hash = $1::text and revoked_at is null and expires_at > $2::timestamptz
      limit 1)
    select (select user_id from u) as user_id,
      (extract(epoch from (select expires_at from u)) * 1000)::float8 as token_expires_ms,
      ${version} as version,
      (select is_guest from users where id = (select user_id from u)) as is_guest,
      ${rightsJson('(select user_id from u)')} as rights,
      coalesce((select json_agg(p.*) from reading_progress p
        where p.user_id = (select user_id from u) and ${books('p')}), '[]'::json) as progress,
      coalesce((select json_agg(k.book_id) from book_unlocks k
        where k.user_id = (select user_id from u) and ${books('k')}), '[]'::json) as unlocked,
      coalesce((select json_agg(f.book_id) from book_favorites f
        where f.user_id = (select user_id from u) and ${books('f')}), '[]'::json) as favorites`;
}

const BOOK_STATE = stateSql(
  (a) => `${a}.book_id = $3::int`,
  `(select updated_at::text || ':' || content_hash || ':' || coalesce(withdrawn_at::text, '')
    from books where id = $3::int)`,
);
// Every book of the level with its version: any import, addition, move or withdrawal changes it.
const LEVEL_STATE = stateSql(
  (a) => `${a}.book_id in (select id from books where level = $3::int)`,
  `(select coalesce(md5(string_agg(id || '@' || updated_at::text || coalesce(withdrawn_at::text, ''), ',' order by id)), '')
    from books where level = $3::int)`,
);

/** The tables a reader state is read from (decision 078): a change to any of them drops it. */
export const STATE_TABLES = [
  'auth_tokens',
  'users',
  'user_rights',
  'reading_progress',
  'book_unlocks',
  'book_favorites',
  'books',
] as const;
/** Reader states kept per process: one per (token, book or level) recently asked for. */
const MAX_STATES = 20_000;

interface CachedState {
  state: ReaderState;
  /** When the token stops being valid (ms); a cached state is not used past it. */
  tokenExpiresAt: number;
}
/**
 * Who may open what, without the reading state: the tables of a reader state less progress and
 * favourites, so the progress write every page turn makes does not drop it (issue 41).
 */
const ACCESS_TABLES = STATE_TABLES.filter(
  (t) => t !== 'reading_progress' && t !== 'book_favorites',
);

const stateCaches = new WeakMap<object, ChangeCache<CachedState>>();
const accessCaches = new WeakMap<object, ChangeCache<CachedState>>();

function cacheIn(
  caches: WeakMap<object, ChangeCache<CachedState>>,
  database: Pick<Database, 'changes'>,
  tables: readonly string[],
): ChangeCache<CachedState> {
  let cache = caches.get(database);
  if (!cache) {
    cache = createChangeCache<CachedState>(database.changes, tables, MAX_STATES);
    caches.set(database, cache);
  }
  return cache;
}

/**
 * The reader behind `token` (a guest without rights when there is none, or it is not valid)
 * and their state over the books in scope: from this process's cache while the database's change
 * feed is live (decision 078), else in one prepared statement.
 */
export function loadReaderState(
  database: Pick<Database, 'queryNamed' | 'changes'>,
  token: string | undefined,
  now: Date,
  scope: Scope,
): Promise<ReaderState> {
  return loadState(cacheIn(stateCaches, database, STATE_TABLES), database, token, now, scope);
}

/**
 * The reader behind `token` and what they may open of one book (rights, unlocks, the book's
 * version), from a cache that reading progress does not drop: for writes that need only the
 * yes/no of opening the book, not how far it was read.
 */
export function loadReaderAccess(
  database: Pick<Database, 'queryNamed' | 'changes'>,
  token: string | undefined,
  now: Date,
  bookId: number,
): Promise<Pick<ReaderState, 'reader' | 'version' | 'unlocked'>> {
  return loadState(cacheIn(accessCaches, database, ACCESS_TABLES), database, token, now, {
    bookId,
  });
}

async function loadState(
  cache: ChangeCache<CachedState>,
  database: Pick<Database, 'queryNamed' | 'changes'>,
  token: string | undefined,
  now: Date,
  scope: Scope,
): Promise<ReaderState> {
  const tokenHash = token && token.length >= 16 && token.length <= 256 ? hashToken(token) : null;
  const scopeKey = 'bookId' in scope ? `b${scope.bookId}` : `l${scope.level}`;
  const load = async () => {
    const loaded = await queryReaderState(database, tokenHash, now, scope);
    const owner = loaded.state.reader.userId;
    // A token that matched nobody is not kept: the same token may be issued a moment later.
    return { value: loaded, owner, keep: tokenHash === null || owner !== null };
  };
  const cached = await cache.get(`${tokenHash ?? ''}|${scopeKey}`, load);
  if (cached.tokenExpiresAt <= now.getTime()) return (await load()).value.state;
  const { state } = cached;
  return { ...state, reader: { ...state.reader, now: unixSeconds(now) } };
}

async function queryReaderState(
  database: Pick<Database, 'queryNamed'>,
  tokenHash: string | null,
  now: Date,
  scope: Scope,
): Promise<CachedState> {
  const [name, text, key] =
    'bookId' in scope
      ? ['reader-state-book', BOOK_STATE, scope.bookId]
      : ['reader-state-level', LEVEL_STATE, scope.level];
  const rows = await database.queryNamed<StateRow>(name, text, [tokenHash, now.toISOString(), key]);
  const row = rows[0];
  if (!row) throw new Error('reader state query returned no row');
  const userId = row.user_id;
  const reader: Reader =
    userId === null
      ? { userId: null, isGuest: true, rights: [], now: unixSeconds(now) }
      : { userId, isGuest: row.is_guest ?? true, rights: row.rights, now: unixSeconds(now) };
  const state: ReaderState = {
    reader,
    version: row.version,
    progress: new Map(row.progress.map((p) => [p.book_id, progressRowOf(p)])),
    unlocked: new Set(row.unlocked),
    favorites: new Set(row.favorites),
  };
  return { state, tokenExpiresAt: row.token_expires_ms ?? Number.POSITIVE_INFINITY };
}

type Queries = ReturnType<typeof createLibraryQueries>;
export interface BookContent {
  book: BookRow;
  pages: Awaited<ReturnType<Queries['listPages']>>;
  words: Awaited<ReturnType<Queries['listWords']>>;
}

/** Entries per process: a few hundred books and a handful of levels fit many times over. */
const MAX_BOOKS = 2_000;
const MAX_LEVELS = 100;

interface LibraryCache {
  books: VersionedCache<BookContent | null>;
  levels: VersionedCache<BookRow[]>;
}
/** One cache per database handle (tests run several apps in one process). */
const caches = new WeakMap<object, LibraryCache>();

function cacheFor(db: DbOrTx): LibraryCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = {
      books: createVersionedCache(MAX_BOOKS),
      levels: createVersionedCache(MAX_LEVELS),
    };
    caches.set(db, cache);
  }
  return cache;
}

/** A book's row, pages and words at `version` (from a reader state), or null when there is none. */
export function bookContent(
  db: DbOrTx,
  bookId: number,
  version: string | null,
): Promise<BookContent | null> {
  if (version === null) return Promise.resolve(null);
  return cacheFor(db).books.get(bookId, version, async () => {
    const q = createLibraryQueries(db);
    const [book, pages, words] = await Promise.all([
      q.findBook(bookId),
      q.listPages(bookId),
      q.listWords(bookId),
    ]);
    return book ? { book, pages, words } : null;
  });
}

/** The books of a level, in id order, at `version` (from a reader state of that level). */
export function levelBooks(db: DbOrTx, level: number, version: string | null): Promise<BookRow[]> {
  return cacheFor(db).levels.get(level, version ?? '', () =>
    createLibraryQueries(db).listLevel(level),
  );
}
