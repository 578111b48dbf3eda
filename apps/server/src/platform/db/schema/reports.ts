import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** A finished placement test (decision 062): what was asked, and the level it set. */
export const placementResults = pgTable(
  'placement_results',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    level: integer('level').notNull(),
    quizLevel: integer('quiz_level').notNull(),
    vocabularyLevel: integer('vocabulary_level').notNull(),
    detail: jsonb('detail')
      .$type<{
        age: number;
        grade: number;
        known: string[];
        shown: string[];
        answers: Array<{ id: string; level: number; choice: string; correct: boolean }>;
      }>()
      .notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('placement_results_user_idx').on(t.userId)],
);

/** The parents' learn setting (POST /api/v1/parent_space/learn_setting). */
export const learnSettings = pgTable(
  'learn_settings',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    dailyMinutes: integer('daily_minutes').notNull(),
    studyDays: jsonb('study_days').$type<number[]>().notNull(),
    reminderTime: text('reminder_time'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The push planner reads only the reminder times due now (decision 104).
  (t) => [
    index('learn_settings_reminder_idx')
      .on(t.reminderTime)
      .where(sql`${t.reminderTime} is not null`),
  ],
);

/**
 * Messages the system writes to a family's parents (weekly summary, rewards, orders, answers to
 * feedback). `dedupe_key` makes each event write one message (a rerun of the weekly job too).
 */
export const parentMessages = pgTable(
  'parent_messages',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    dedupeKey: text('dedupe_key').notNull(),
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('parent_messages_dedupe_idx').on(t.userId, t.dedupeKey),
    index('parent_messages_user_idx').on(t.userId, t.createdAt),
  ],
);

/** A parent's feedback (/parents/feedback); the screenshot is in object storage. */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    content: text('content').notNull(),
    contact: text('contact').notNull().default(''),
    screenshotKey: text('screenshot_key'),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_user_idx').on(t.userId)],
);

/**
 * Learning time (decision 091): seconds per child, China day, book (0: none) and kind of screen
 * (read, repeat, speak, words), from what the learning screens report, each report clamped to
 * the time that passed since the family's previous one (updated_at is when that was).
 */
export const studyTime = pgTable(
  'study_time',
  {
    userId: userRef(),
    day: text('day').notNull(),
    bookId: integer('book_id').notNull(),
    kind: text('kind').notNull(),
    seconds: real('seconds').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day, t.bookId, t.kind] }),
    index('study_time_user_updated_idx').on(t.userId, t.updatedAt),
  ],
);

/**
 * The family's study clock (decision 109): the last report that added time (null: none yet) and
 * what the last report added; the one row a family's reports queue on, so two reports never
 * share the elapsed time. Written in one statement per batch (reports/study-time.queries.ts).
 */
export const studyClocks = pgTable('study_clocks', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastAt: timestamp('last_at', { withTimezone: true }),
  added: doublePrecision('added').notNull().default(0),
});
