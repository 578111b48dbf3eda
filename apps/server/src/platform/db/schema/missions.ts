import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { books } from './books';
import { users } from './users';

const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * A growth mission of a child (decision 054), made the first time the child's list or footprint
 * path shows it: daily missions once per China day (period = the date), weekly growth missions
 * once per week (period = its Monday), footprint missions once ever (period = 'once'). Whether
 * it is finished is read from the child's real activity; collected_at is set exactly once, in
 * the same transaction as the ledger posting `mission:{id}`.
 */
export const userMissions = pgTable(
  'user_missions',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    /** The mission source (read_book, streak …) or footprint:{level}:{bookId}. */
    innerId: text('inner_id').notNull(),
    period: text('period').notNull(),
    type: integer('type').notNull(),
    /** Footprint day card (footprint missions), else 0. */
    day: integer('day').notNull().default(0),
    level: integer('level').notNull().default(0),
    bookId: integer('book_id').references(() => books.id, { onDelete: 'cascade' }),
    bookSeq: integer('book_seq').notNull().default(0),
    target: integer('target').notNull(),
    coins: integer('coins').notNull(),
    diamonds: integer('diamonds').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    collectedAt: timestamp('collected_at', { withTimezone: true }),
  },
  (t) => [
    unique('user_missions_once').on(t.userId, t.innerId, t.period),
    index('user_missions_level_idx').on(t.userId, t.level),
  ],
);

/**
 * China days on which a child read (one row per day): the reading record keeps only the last
 * read of each book, so the growth streak counts days here (with course reports and works).
 */
export const readingDays = pgTable(
  'reading_days',
  {
    userId: userRef(),
    day: text('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * A camp (decision 055): a time-boxed programme of one kind (freelearn, freeread, freelearn2,
 * training), defined by operators (camps.save). The newest active camp of a kind is the one a
 * family joins. Finishing every day pays the reward once and may open a promotion.
 */
export const camps = pgTable('camps', {
  id: serial('id').primaryKey(),
  /** Stable name for seeds and operators (e.g. freeread-7). */
  slug: text('slug').notNull().unique(),
  kind: text('kind').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  days: integer('days').notNull(),
  /** Levels a family may choose (freelearn2, training); empty: the child's level. */
  levels: integer('levels').array().notNull().default([]),
  rewardCoins: integer('reward_coins').notNull().default(0),
  rewardDiamonds: integer('reward_diamonds').notNull().default(0),
  /** A promotion opened by finishing (lifelong: /act/upgradeLifeVip/freeRead). */
  promo: text('promo'),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A day's content of a camp: a book to read and its title, per level (0: any level). */
export const campDays = pgTable(
  'camp_days',
  {
    campId: integer('camp_id')
      .notNull()
      .references(() => camps.id, { onDelete: 'cascade' }),
    day: integer('day').notNull(),
    level: integer('level').notNull().default(0),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
  },
  (t) => [primaryKey({ columns: [t.campId, t.day, t.level] })],
);

/** A family in a camp: day 1 is the China date of joining; the level chosen. */
export const campMembers = pgTable(
  'camp_members',
  {
    campId: integer('camp_id')
      .notNull()
      .references(() => camps.id, { onDelete: 'cascade' }),
    userId: userRef(),
    startDay: text('start_day').notNull(),
    level: integer('level').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    rewardCollectedAt: timestamp('reward_collected_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.campId, t.userId] }),
    index('camp_members_user_idx').on(t.userId),
  ],
);

/**
 * A child's kob challenge of a China day (decision 056): one a day (the primary key), the book,
 * the child's score, the opponent's recorded score and whether the child won.
 */
export const kobChallenges = pgTable(
  'kob_challenges',
  {
    userId: userRef(),
    day: text('day').notNull(),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    score: integer('score').notNull(),
    opponentUserId: integer('opponent_user_id'),
    opponentScore: integer('opponent_score').notNull(),
    won: boolean('won').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
