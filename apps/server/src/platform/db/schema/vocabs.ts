import {
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { books } from './books';
import { users } from './users';

/**
 * A child's review card for one word of a book (decision 049): the FSRS state `ts-fsrs` needs to
 * schedule the word again. Made at the word's first recite answer; gone with the account (cascade)
 * or the book. Words are keyed by their text within the book (a re-imported book keeps its cards).
 */
export const wordReviews = pgTable(
  'word_reviews',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
    due: timestamp('due', { withTimezone: true }).notNull(),
    stability: doublePrecision('stability').notNull(),
    difficulty: doublePrecision('difficulty').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    reps: integer('reps').notNull(),
    lapses: integer('lapses').notNull(),
    /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning. */
    state: integer('state').notNull(),
    lastReview: timestamp('last_review', { withTimezone: true }),
    /** When the child first met the word in a recite (today's new words count against a quota). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The last answer's outcome: wrong, hesitant, right or fast. */
    lastOutcome: text('last_outcome').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.bookId, t.word] }),
    index('word_reviews_due_idx').on(t.userId, t.due),
  ],
);
