import { BOOK_TYPE } from '@picbook/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { books } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import type { MediaRule } from '../../platform/media/media-access';

/** A book's files: /media/books/<id>/<name> (one level, no sub-folders). */
const BOOK_FILE = /^\/media\/books\/(\d{1,6})\/([^/]+)$/;
/** How long this process trusts what it read about a book's type. */
const BOOK_TYPE_TTL_MS = 60_000;

/**
 * /media/books/: covers and the free trial books are public; every other file of a book (pages,
 * narration, words, hotspots) needs a signed URL, which only the book endpoints hand out, and
 * only to a reader whose access code opens the book (decision 024).
 */
export function bookMediaRule(db: DbOrTx): MediaRule {
  const types = new Map<number, { type: number | null; at: number }>();
  const bookTypeOf = async (id: number): Promise<number | null> => {
    const cached = types.get(id);
    if (cached && Date.now() - cached.at < BOOK_TYPE_TTL_MS) return cached.type;
    const rows = await db
      .select({ type: books.bookType })
      .from(books)
      .where(eq(books.id, id))
      .limit(1);
    const type = rows[0]?.type ?? null;
    if (types.size > 10_000) types.clear();
    types.set(id, { type, at: Date.now() });
    return type;
  };
  return {
    prefix: '/media/books/',
    async access(path) {
      const match = BOOK_FILE.exec(path);
      if (!match) return 'signed';
      const [, id = '', name = ''] = match;
      if (name.startsWith('cover-')) return 'public';
      return (await bookTypeOf(Number(id))) === BOOK_TYPE.trial ? 'public' : 'signed';
    },
  };
}

/**
 * The URLs a reader gets for a book's files: as stored for a trial book (public, cached for
 * good), signed for any other (the caller has checked that the reader may open it).
 */
export function bookMediaUrls(
  deps: Pick<AppDeps, 'urlSigner'>,
  book: { bookType: number },
): (url: string) => string {
  if (book.bookType === BOOK_TYPE.trial) return (url) => url;
  return (url) => (url.startsWith('/media/') ? deps.urlSigner.sign(url) : url);
}

/** A sentences_timeline JSON string with each sentence's audio URL passed through `sign`. */
export function signSentencesTimeline(timeline: string, sign: (url: string) => string): string {
  const entries = JSON.parse(timeline) as Array<{ audio?: unknown }>;
  return JSON.stringify(
    entries.map((e) => (typeof e.audio === 'string' ? { ...e, audio: sign(e.audio) } : e)),
  );
}
