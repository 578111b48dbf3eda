import { competitorsIn, indexBookLines, type LineIndex } from '@picbook/speech';
import { createVersionedCache, type VersionedCache } from '../../platform/cache/versioned-cache';
import type { Database } from '../../platform/db/client';

/**
 * The other lines of the book a text to read comes from (packages/speech book-lines.ts: the same
 * rule a device applies to the books' lines served with its model), over every book's pages.
 */
export { lineKey, sameText } from '@picbook/speech';

/** Every published book's version: an import, edit or withdrawal anywhere changes it. */
const VERSION_SQL = `select coalesce(md5(string_agg(id || '@' || updated_at::text || ':' ||
    content_hash || ':' || coalesce(withdrawn_at::text, ''), ',' order by id)), '') as version
  from books`;
// Withdrawn books too: a child who has one open still reads (and records) it.
const PAGES_SQL = `select book_id, page, sentences from book_pages order by book_id, page`;

/** One index per database (tests run several apps in one process), at the books' version. */
const indexes = new WeakMap<object, VersionedCache<LineIndex>>();

export async function bookLineCompetitors(
  database: Pick<Database, 'queryNamed'>,
  refText: string,
): Promise<string[]> {
  let cache = indexes.get(database);
  if (!cache) {
    cache = createVersionedCache<LineIndex>(1);
    indexes.set(database, cache);
  }
  const [row] = await database.queryNamed<{ version: string }>(
    'book-lines-version',
    VERSION_SQL,
    [],
  );
  const index = await cache.get('all', row?.version ?? '', async () => {
    const rows = await database.queryNamed<{
      book_id: number;
      page: number;
      sentences: { en?: unknown }[];
    }>('book-lines-pages', PAGES_SQL, []);
    return indexBookLines(
      rows.map((r) => ({
        bookId: r.book_id,
        page: r.page,
        sentences: r.sentences
          .map((s) => s.en)
          .filter((en): en is string => typeof en === 'string' && en.trim() !== ''),
      })),
    );
  });
  return competitorsIn(index, refText);
}
