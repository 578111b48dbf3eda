import type { TCourseContent } from '@picbook/contracts';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { books } from './books';
import { users } from './users';

const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * A week of a level's study plan (content/courses, seeded on start like the books): the book it
 * is built around, the world (map island) it sits in, and its five days' titles.
 */
export const planWeeks = pgTable(
  'plan_weeks',
  {
    level: integer('level').notNull(),
    week: integer('week').notNull(),
    world: integer('world').notNull(),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    themeCn: text('theme_cn').notNull(),
    themeEn: text('theme_en').notNull(),
    days: jsonb('days')
      .$type<Array<{ stage: number; title_cn: string; title_en: string }>>()
      .notNull(),
    /** The built week's hash; a seed with the same hash changes nothing. */
    contentHash: text('content_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.level, t.week] }), index('plan_weeks_book_idx').on(t.bookId)],
);

/**
 * A course of the plan: where it sits (level, week, stage = day, sub_path 1 major / 2 minor,
 * position) and its content in the player's form (media as /media paths; the API answers them
 * through withMediaUrls, signed).
 */
export const courses = pgTable(
  'courses',
  {
    uuid: text('uuid').primaryKey(),
    processId: integer('process_id').notNull().unique(),
    level: integer('level').notNull(),
    week: integer('week').notNull(),
    stage: integer('stage').notNull(),
    subPath: integer('sub_path').notNull(),
    position: integer('position').notNull(),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    titleCn: text('title_cn').notNull(),
    titleEn: text('title_en').notNull(),
    /** Expected minutes. */
    duration: integer('duration').notNull(),
    content: jsonb('content').$type<TCourseContent>().notNull(),
  },
  (t) => [index('courses_plan_idx').on(t.level, t.week, t.stage, t.subPath, t.position)],
);

/**
 * A child's state of one course: finished once (the plan's statuses follow), the best score and
 * stars, and what its reward has paid (the row is locked while a submit pays).
 */
export const courseProgress = pgTable(
  'course_progress',
  {
    userId: userRef(),
    courseUuid: text('course_uuid')
      .notNull()
      .references(() => courses.uuid, { onDelete: 'cascade' }),
    bestScore: integer('best_score').notNull().default(0),
    stars: integer('stars').notNull().default(0),
    finishCount: integer('finish_count').notNull().default(0),
    paidCoins: integer('paid_coins').notNull().default(0),
    paidDiamonds: integer('paid_diamonds').notNull().default(0),
    firstFinishedAt: timestamp('first_finished_at', { withTimezone: true }),
    lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseUuid] })],
);

/** One scored answer of a course report (what the reports and redo screens read). */
export interface ReportItemJson {
  id: string;
  exam_type: number;
  score: number;
  answered: boolean;
  /** The recording (speak items), the tries (choice items) or the seconds (read items). */
  audio_url?: string;
  answer?: string;
  read_time?: number;
}

/** Every submitted course: scored on the server; the parents' reports read these. */
export const courseReports = pgTable(
  'course_reports',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    courseUuid: text('course_uuid')
      .notNull()
      .references(() => courses.uuid, { onDelete: 'cascade' }),
    processId: integer('process_id').notNull(),
    score: integer('score').notNull(),
    stars: integer('stars').notNull(),
    /** Seconds the child spent (as the client measured it). */
    studyTime: integer('study_time').notNull(),
    ref: text('ref').notNull().default(''),
    items: jsonb('items').$type<ReportItemJson[]>().notNull(),
    /** What this submit paid. */
    reward: jsonb('reward').$type<{ coins: number; diamonds: number }>().notNull(),
    /** Items a better redo replaced (decision 063), and when the last redo was. */
    redoCount: integer('redo_count').notNull().default(0),
    redoneAt: timestamp('redone_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('course_reports_user_idx').on(t.userId, t.createdAt)],
);

/** A collected daily (stage ≥ 1) or weekly (stage 0) study-plan reward. */
export const planRewardClaims = pgTable(
  'plan_reward_claims',
  {
    userId: userRef(),
    level: integer('level').notNull(),
    week: integer('week').notNull(),
    stage: integer('stage').notNull(),
    coins: integer('coins').notNull(),
    diamonds: integer('diamonds').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.level, t.week, t.stage] })],
);
