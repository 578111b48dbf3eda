import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { bookFavorites, bookUnlocks, readingProgress } from '../../platform/db/schema';

export type ProgressRow = typeof readingProgress.$inferSelect;

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
  };
}
