import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { books } from './books';
import { users } from './users';

const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const bookRef = () =>
  integer('book_id')
    .notNull()
    .references(() => books.id, { onDelete: 'cascade' });

/**
 * How far a user has read a book. `process` only moves forward (string order, spec §4);
 * last_read_at orders "continue reading" and the recent shelf; finished_at is set the first time
 * the end of the book is reached.
 */
export const readingProgress = pgTable(
  'reading_progress',
  {
    userId: userRef(),
    bookId: bookRef(),
    process: text('process').notNull(),
    /** Mode of the last session: read, cn_read or explain. */
    mode: text('mode').notNull(),
    /** How many times the child reached the end of the book. */
    finishCount: integer('finish_count').notNull().default(0),
    firstReadAt: timestamp('first_read_at', { withTimezone: true }).notNull().defaultNow(),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.bookId] }),
    index('reading_progress_recent_idx').on(t.userId, t.lastReadAt),
  ],
);

/** Books a user unlocked with a right (POST /api/v1/books/{id}/unlock). */
export const bookUnlocks = pgTable(
  'book_unlocks',
  {
    userId: userRef(),
    bookId: bookRef(),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.bookId] })],
);

/** The child's favourite books (the favourites shelf). */
export const bookFavorites = pgTable(
  'book_favorites',
  {
    userId: userRef(),
    bookId: bookRef(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.bookId] })],
);
