import { and, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../platform/db/client';
import { bookFavorites, bookUnlocks, readingProgress } from '../../platform/db/schema';

export type ProgressRow = typeof readingProgress.$inferSelect;

/** A reading_progress row as the driver returns it from raw SQL. */
interface SavedProgress {
  user_id: number;
  book_id: number;
  process: string;
  mode: string;
  finish_count: number;
  first_read_at: Date | string;
  last_read_at: Date | string;
  finished_at: Date | string | null;
}

/** Which rows a shelf shows, and in which order. */
const shelves = {
  recent: { where: undefined, order: desc(readingProgress.lastReadAt) },
  reading: { where: isNull(readingProgress.finishedAt), order: desc(readingProgress.lastReadAt) },
  finished: {
    where: isNotNull(readingProgress.finishedAt),
    order: desc(readingProgress.finishedAt),
  },
} satisfies Record<string, { where: SQL | undefined; order: SQL }>;
export type ProgressShelf = keyof typeof shelves;

export function createReadingQueries(db: DbOrTx) {
  return {
    async progressOf(userId: number, bookIds: number[]): Promise<Map<number, ProgressRow>> {
      if (bookIds.length === 0) return new Map();
      const rows = await db
        .select()
        .from(readingProgress)
        .where(and(eq(readingProgress.userId, userId), inArray(readingProgress.bookId, bookIds)));
      return new Map(rows.map((r) => [r.bookId, r]));
    },

    async unlockedOf(userId: number, bookIds: number[]): Promise<Set<number>> {
      if (bookIds.length === 0) return new Set();
      const rows = await db
        .select({ bookId: bookUnlocks.bookId })
        .from(bookUnlocks)
        .where(and(eq(bookUnlocks.userId, userId), inArray(bookUnlocks.bookId, bookIds)));
      return new Set(rows.map((r) => r.bookId));
    },

    async isFavorite(userId: number, bookId: number): Promise<boolean> {
      const rows = await db
        .select({ bookId: bookFavorites.bookId })
        .from(bookFavorites)
        .where(and(eq(bookFavorites.userId, userId), eq(bookFavorites.bookId, bookId)))
        .limit(1);
      return rows.length > 0;
    },

    async unlock(userId: number, bookId: number): Promise<void> {
      await db.insert(bookUnlocks).values({ userId, bookId }).onConflictDoNothing();
    },

    async setFavorite(userId: number, bookId: number, on: boolean): Promise<void> {
      if (on) await db.insert(bookFavorites).values({ userId, bookId }).onConflictDoNothing();
      else
        await db
          .delete(bookFavorites)
          .where(and(eq(bookFavorites.userId, userId), eq(bookFavorites.bookId, bookId)));
    },

    /**
     * Records a reading step in one statement, so concurrent saves cannot move the process
     * backwards: the stored process becomes the greater of the two (string order, spec §4).
     * Reaching the end stamps finished_at the first time and counts every finish.
     */
    /**
     * Saves how far the child read (only forward; a finish counts once per finish) and notes the
     * China day as a reading day (the growth streak counts these days), in one statement.
     */
    async saveProgress(input: {
      userId: number;
      bookId: number;
      process: string;
      mode: string;
      finished: boolean;
      now: Date;
      /** The China date `now` falls on (yyyy-mm-dd). */
      readingDay: string;
    }): Promise<ProgressRow> {
      const { userId, bookId, process, mode, finished, now, readingDay } = input;
      const at = now.toISOString();
      const rows = await queryRows<SavedProgress>(
        db,
        sql`with quick as (
            -- Progress is no money: its commit need not wait for the disk. A crash may lose the
            -- last fraction of a second of page turns, never half a write (issue 41).
            select set_config('synchronous_commit', 'off', true)),
          p as (
            insert into reading_progress (user_id, book_id, process, mode, finish_count,
              first_read_at, last_read_at, finished_at)
            values (${userId}, ${bookId}, ${process}, ${mode}, ${finished ? 1 : 0},
              ${at}::timestamptz, ${at}::timestamptz, ${finished ? at : null}::timestamptz)
            on conflict (user_id, book_id) do update set
              process = greatest(reading_progress.process, excluded.process),
              mode = excluded.mode,
              last_read_at = excluded.last_read_at,
              finish_count = reading_progress.finish_count + ${finished ? 1 : 0},
              finished_at = coalesce(reading_progress.finished_at, excluded.finished_at)
            returning *),
          d as (insert into reading_days (user_id, day) values (${userId}, ${readingDay})
            on conflict do nothing)
          select p.* from p, quick`,
      );
      const row = rows[0];
      if (!row) throw new Error('reading progress upsert returned no row');
      return {
        userId: row.user_id,
        bookId: row.book_id,
        process: row.process,
        mode: row.mode,
        finishCount: row.finish_count,
        firstReadAt: new Date(row.first_read_at),
        lastReadAt: new Date(row.last_read_at),
        finishedAt: row.finished_at === null ? null : new Date(row.finished_at),
      };
    },

    async shelf(userId: number, type: ProgressShelf, limit: number, offset: number) {
      const { where, order } = shelves[type];
      const filter = and(eq(readingProgress.userId, userId), where);
      const [rows, total] = await Promise.all([
        db.select().from(readingProgress).where(filter).orderBy(order).limit(limit).offset(offset),
        db.select({ n: sql<number>`count(*)::int` }).from(readingProgress).where(filter),
      ]);
      return { bookIds: rows.map((r) => r.bookId), total: Number(total[0]?.n ?? 0) };
    },

    async favorites(userId: number, limit: number, offset: number) {
      const filter = eq(bookFavorites.userId, userId);
      const [rows, total] = await Promise.all([
        db
          .select({ bookId: bookFavorites.bookId })
          .from(bookFavorites)
          .where(filter)
          .orderBy(desc(bookFavorites.createdAt))
          .limit(limit)
          .offset(offset),
        db.select({ n: sql<number>`count(*)::int` }).from(bookFavorites).where(filter),
      ]);
      return { bookIds: rows.map((r) => r.bookId), total: Number(total[0]?.n ?? 0) };
    },
  };
}
