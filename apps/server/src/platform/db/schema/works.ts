import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { books } from './books';
import { recordings } from './speech';
import { users } from './users';

/** What a finished run paid (GET /api/v1/books/{id}/finish answers it again). */
export interface FinishRewardJson {
  fixed_coins: number;
  fixed_credits: number;
  reward_coins: number;
  reward_credits: number;
}

/**
 * A child's work: one run through a book in a recording mode (type 1 repeat, 2 speak), grouped by
 * the client's run uuid. Items are the scored sentences (repeat) or pages (speak).
 */
export const works = pgTable(
  'works',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    type: integer('type').notNull(),
    uuid: text('uuid').notNull(),
    /** Mean of the items' best scores over the book's items (missing items count 0). */
    score: integer('score').notNull().default(0),
    itemCount: integer('item_count').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    finishReward: jsonb('finish_reward').$type<FinishRewardJson>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('works_run_idx').on(t.userId, t.bookId, t.type, t.uuid),
    index('works_rank_idx').on(t.bookId, t.type, t.score),
    index('works_user_idx').on(t.userId, t.createdAt),
  ],
);

/** One scored item of a work: its best recording so far. */
export const workItems = pgTable(
  'work_items',
  {
    workId: integer('work_id')
      .notNull()
      .references(() => works.id, { onDelete: 'cascade' }),
    /** Sentence key (p{page}s{n}) or page key (p{page}). */
    contentId: text('content_id').notNull(),
    /** The page the item is on. */
    secondaryId: integer('secondary_id').notNull(),
    recordingId: integer('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    score: integer('score').notNull(),
    duration: real('duration').notNull(),
    words:
      jsonb('words').$type<
        Array<{ word: string; score: number; start: number; end: number; status: string }>
      >(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workId, t.contentId] })],
);

/**
 * What each item of a book has paid a user (all runs together): the best score is kept and
 * only a better score pays more (learning-content §5).
 */
export const itemRewards = pgTable(
  'item_rewards',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    type: integer('type').notNull(),
    itemId: text('item_id').notNull(),
    bestScore: integer('best_score').notNull().default(0),
    paidCoins: integer('paid_coins').notNull().default(0),
    paidCredits: integer('paid_credits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.bookId, t.type, t.itemId] })],
);

/** One user's like of a work: a like counts once (`works.likes` moves with these rows). */
export const workLikes = pgTable(
  'work_likes',
  {
    workId: integer('work_id')
      .notNull()
      .references(() => works.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workId, t.userId] }), index('work_likes_user_idx').on(t.userId)],
);

/**
 * A guardian's choice to show the child's works to others (rankings, PK, works pages). No row
 * means not shown; the owner always sees their own works.
 */
export const publicWorksConsent = pgTable('public_works_consent', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  consented: boolean('consented').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
