import { and, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { readingProgress, users, works } from '../../platform/db/schema';

/** A China day as a half-open time window. */
export interface DayWindow {
  from: Date;
  to: Date;
}

/**
 * One task of the points mall, earned from a real learning event. `count` says how often the
 * event happened: within the day for daily tasks, ever for once/each tasks. Adding a source
 * (courses, words …) is one more entry in {@link TASK_SOURCES}; nothing else changes.
 */
export interface TaskSource {
  /** Stable id: the claim rows and POST points/receive use it. */
  id: string;
  /** daily: once per China day; once: once ever; each: once per event. */
  kind: 'daily' | 'once' | 'each';
  title: string;
  desc: string;
  /** Default points (operators override them in configs points_rules.task_points). */
  points: number;
  /** Events needed for one reward. */
  target: number;
  /** The app path where the family does it. */
  link: string | null;
  count(db: DbOrTx, userId: number, day: DayWindow): Promise<number>;
}

const countOf = async (rows: Promise<Array<{ n: number }>>) => (await rows)[0]?.n ?? 0;
const n = sql<number>`count(*)::int`;

export const TASK_SOURCES: readonly TaskSource[] = [
  {
    id: 'read_daily',
    kind: 'daily',
    title: '每天读一本绘本',
    desc: '今天读任意一本绘本',
    points: 10,
    target: 1,
    link: '/library',
    count: (db, userId, day) =>
      countOf(
        db
          .select({ n })
          .from(readingProgress)
          .where(
            and(
              eq(readingProgress.userId, userId),
              gte(readingProgress.lastReadAt, day.from),
              lt(readingProgress.lastReadAt, day.to),
            ),
          ),
      ),
  },
  {
    id: 'practice_daily',
    kind: 'daily',
    title: '完成一次跟读或口语练习',
    desc: '今天跟读或口语练习读完一本绘本',
    points: 10,
    target: 1,
    link: '/library',
    count: (db, userId, day) =>
      countOf(
        db
          .select({ n })
          .from(works)
          .where(
            and(
              eq(works.userId, userId),
              gte(works.finishedAt, day.from),
              lt(works.finishedAt, day.to),
            ),
          ),
      ),
  },
  {
    id: 'finish_book',
    kind: 'each',
    title: '读完一本新绘本',
    desc: '每读完一本没读完过的绘本',
    points: 20,
    target: 1,
    link: '/library',
    count: (db, userId) =>
      countOf(
        db
          .select({ n })
          .from(readingProgress)
          .where(and(eq(readingProgress.userId, userId), isNotNull(readingProgress.finishedAt))),
      ),
  },
  {
    id: 'invite',
    kind: 'each',
    title: '邀请好友注册',
    desc: '好友用你的邀请码注册成功',
    points: 100,
    target: 1,
    link: '/parents/points/invite',
    count: (db, userId) =>
      countOf(
        db
          .select({ n })
          .from(users)
          .where(and(eq(users.invitedBy, userId), eq(users.isGuest, false))),
      ),
  },
];

export const findTaskSource = (id: string): TaskSource | undefined =>
  TASK_SOURCES.find((t) => t.id === id);
