import { and, asc, count, eq, ilike, inArray, isNull, like, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { bookPages, books, bookWords } from '../../platform/db/schema';
import { NOTE_VOICE_PREFIX } from './note-voice.actions';

export function createBookQueries(db: DbOrTx) {
  return {
    async findHashes(): Promise<Map<number, string>> {
      const rows = await db.select({ id: books.id, hash: books.contentHash }).from(books);
      return new Map(rows.map((r) => [r.id, r.hash]));
    },

    async findSlugOwner(slug: string): Promise<number | null> {
      const rows = await db
        .select({ id: books.id })
        .from(books)
        .where(eq(books.slug, slug))
        .limit(1);
      return rows[0]?.id ?? null;
    },

    async upsertBook(values: typeof books.$inferInsert): Promise<void> {
      const { id: _id, createdAt: _c, ...update } = values;
      await db
        .insert(books)
        .values(values)
        .onConflictDoUpdate({ target: books.id, set: { ...update, updatedAt: sql`now()` } });
    },

    /** The pages whose note an operator recorded (catalogue.setNoteVoice), with their note text. */
    async findNoteVoices(
      bookId: number,
    ): Promise<Map<number, { noteCn: string | null; noteAudio: string }>> {
      const rows = await db
        .select({ page: bookPages.page, noteCn: bookPages.noteCn, noteAudio: bookPages.noteAudio })
        .from(bookPages)
        .where(
          and(
            eq(bookPages.bookId, bookId),
            like(bookPages.noteAudio, `/media/books/${bookId}/${NOTE_VOICE_PREFIX}%`),
          ),
        );
      return new Map(rows.map((r) => [r.page, { noteCn: r.noteCn, noteAudio: r.noteAudio ?? '' }]));
    },

    async replacePages(bookId: number, pages: Array<typeof bookPages.$inferInsert>): Promise<void> {
      await db.delete(bookPages).where(eq(bookPages.bookId, bookId));
      if (pages.length > 0) await db.insert(bookPages).values(pages);
    },

    async replaceWords(bookId: number, words: Array<typeof bookWords.$inferInsert>): Promise<void> {
      await db.delete(bookWords).where(eq(bookWords.bookId, bookId));
      if (words.length > 0) await db.insert(bookWords).values(words);
    },

    async count(): Promise<number> {
      const rows = await db.select({ n: sql<number>`count(*)::int` }).from(books);
      return Number(rows[0]?.n ?? 0);
    },

    /** The catalogue's page of books by level and id, searched in titles and slug; and the total. */
    async searchPage(q: string | undefined, window: { limit: number; offset: number }) {
      const where = q
        ? or(
            ilike(books.titleEn, `%${q}%`),
            ilike(books.titleCn, `%${q}%`),
            ilike(books.slug, `%${q}%`),
          )
        : undefined;
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(books)
          .where(where)
          .orderBy(asc(books.level), asc(books.id))
          .limit(window.limit)
          .offset(window.offset),
        db.select({ n: count() }).from(books).where(where),
      ]);
      return { rows, total: total[0]?.n ?? 0 };
    },
  };
}

/** What the reading screens read about books (the import side is `createBookQueries`). */
export function createLibraryQueries(db: DbOrTx) {
  return {
    /** A level's published books (a withdrawn one leaves the lists; opened by id it still reads). */
    listLevel(level: number) {
      return db
        .select()
        .from(books)
        .where(and(eq(books.level, level), isNull(books.withdrawnAt)))
        .orderBy(asc(books.id));
    },

    listByIds(ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db.select().from(books).where(inArray(books.id, ids));
    },

    async findBook(id: number) {
      const rows = await db.select().from(books).where(eq(books.id, id)).limit(1);
      return rows[0] ?? null;
    },

    listPages(bookId: number) {
      return db
        .select()
        .from(bookPages)
        .where(eq(bookPages.bookId, bookId))
        .orderBy(asc(bookPages.page));
    },

    listWords(bookId: number) {
      return db
        .select()
        .from(bookWords)
        .where(eq(bookWords.bookId, bookId))
        .orderBy(asc(bookWords.position));
    },
  };
}

export type BookRow = typeof books.$inferSelect;
