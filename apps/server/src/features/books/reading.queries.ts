import { and, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { bookFavorites, bookUnlocks, readingProgress } from '../../platform/db/schema';

export type ProgressRow = typeof readingProgress.$inferSelect;

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
    async saveProgress(input: {
      userId: number;
      bookId: number;
      process: string;
      mode: string;
      finished: boolean;
      now: Date;
    }): Promise<ProgressRow> {
      const { userId, bookId, process, mode, finished, now } = input;
      const rows = await db
        .insert(readingProgress)
        .values({
          userId,
          bookId,
          process,
          mode,
          finishCount: finished ? 1 : 0,
          firstReadAt: now,
          lastReadAt: now,
          finishedAt: finished ? now : null,
        })
        .onConflictDoUpdate({
          target: [readingProgress.userId, readingProgress.bookId],
          set: {
            process: sql`greatest(${readingProgress.process}, excluded.process)`,
            mode: sql`excluded.mode`,
            lastReadAt: sql`excluded.last_read_at`,
            finishCount: finished
              ? sql`${readingProgress.finishCount} + 1`
              : sql`${readingProgress.finishCount}`,
            finishedAt: sql`coalesce(${readingProgress.finishedAt}, excluded.finished_at)`,
          },
        })
        .returning();
      const row = rows[0];
      if (!row) throw new Error('reading progress upsert returned no row');
      return row;
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
