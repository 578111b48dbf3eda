import type { WordCard } from '@picbook/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { books, bookWords, wordReviews } from '../../platform/db/schema';

export type ReviewRow = typeof wordReviews.$inferSelect;

/** The card of a stored review row, as the domain's schedule reads it. */
export const cardOf = (row: ReviewRow): WordCard => ({
  due: row.due,
  stability: row.stability,
  difficulty: row.difficulty,
  scheduledDays: row.scheduledDays,
  reps: row.reps,
  lapses: row.lapses,
  state: row.state,
  lastReview: row.lastReview,
});

/** What the words area reads and writes: the level's words and each child's review cards. */
export function createVocabQueries(db: DbOrTx) {
  return {
    /** Every word of a level's books, in book then vocabulary order. */
    levelWords(level: number) {
      return db
        .select({
          bookId: bookWords.bookId,
          word: bookWords.word,
          meaningCn: bookWords.meaningCn,
        })
        .from(bookWords)
        .innerJoin(books, eq(books.id, bookWords.bookId))
        .where(eq(books.level, level))
        .orderBy(asc(bookWords.bookId), asc(bookWords.position));
    },

    /** The child's cards for some books (all when `bookIds` is left out). */
    cards(userId: number, bookIds?: number[]) {
      if (bookIds && bookIds.length === 0) return Promise.resolve([] as ReviewRow[]);
      return db
        .select()
        .from(wordReviews)
        .where(
          bookIds
            ? and(eq(wordReviews.userId, userId), inArray(wordReviews.bookId, bookIds))
            : eq(wordReviews.userId, userId),
        );
    },

    async findCard(userId: number, bookId: number, word: string): Promise<ReviewRow | null> {
      const rows = await db
        .select()
        .from(wordReviews)
        .where(
          and(
            eq(wordReviews.userId, userId),
            eq(wordReviews.bookId, bookId),
            eq(wordReviews.word, word),
          ),
        )
        .limit(1)
        .for('update');
      return rows[0] ?? null;
    },

    async saveCard(
      key: { userId: number; bookId: number; word: string; createdAt: Date; outcome: string },
      card: WordCard,
    ): Promise<void> {
      const values = {
        due: card.due,
        stability: card.stability,
        difficulty: card.difficulty,
        scheduledDays: card.scheduledDays,
        reps: card.reps,
        lapses: card.lapses,
        state: card.state,
        lastReview: card.lastReview,
        lastOutcome: key.outcome,
      };
      await db
        .insert(wordReviews)
        .values({
          userId: key.userId,
          bookId: key.bookId,
          word: key.word,
          createdAt: key.createdAt,
          ...values,
        })
        .onConflictDoUpdate({
          target: [wordReviews.userId, wordReviews.bookId, wordReviews.word],
          set: { ...values, createdAt: sql`${wordReviews.createdAt}` },
        });
    },
  };
}
