import { and, eq, gt, gte, isNotNull, lt, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../platform/db/client';
import {
  courseProgress,
  courseReports,
  readingDays,
  readingProgress,
  users,
  works,
} from '../../platform/db/schema';
import { CHINA_OFFSET_MS, chinaDate } from '../../platform/time';

/** A half-open time window: a China day or a China week (Monday to Monday). */
export interface Window {
  from: Date;
  to: Date;
}

const n = sql<number>`count(*)::int`;
const first = async (rows: Promise<Array<{ n: number }>>) => (await rows)[0]?.n ?? 0;
const inWindow = (column: Parameters<typeof gte>[0], w: Window) =>
  and(gte(column, w.from), lt(column, w.to));

/**
 * How often a child's learning events happened: what the points tasks and the growth missions
 * (activity-sources.ts) count. Each count is one statement.
 */
export function createActivityQueries(db: DbOrTx) {
  return {
    /** Books read (any page turned) within the window. */
    booksRead: (userId: number, w: Window) =>
      first(
        db
          .select({ n })
          .from(readingProgress)
          .where(and(eq(readingProgress.userId, userId), inWindow(readingProgress.lastReadAt, w))),
      ),

    /** Books read to the end within the window (the last read in it, finished at least once). */
    booksFinished: (userId: number, w: Window) =>
      first(
        db
          .select({ n })
          .from(readingProgress)
          .where(
            and(
              eq(readingProgress.userId, userId),
              gt(readingProgress.finishCount, 0),
              inWindow(readingProgress.lastReadAt, w),
            ),
          ),
      ),

    /** Books ever read to the end. */
    booksFinishedEver: (userId: number) =>
      first(
        db
          .select({ n })
          .from(readingProgress)
          .where(and(eq(readingProgress.userId, userId), isNotNull(readingProgress.finishedAt))),
      ),

    coursesFinished: (userId: number, w: Window) =>
      first(
        db
          .select({ n })
          .from(courseProgress)
          .where(
            and(
              eq(courseProgress.userId, userId),
              isNotNull(courseProgress.lastFinishedAt),
              inWindow(courseProgress.lastFinishedAt, w),
            ),
          ),
      ),

    /** Runs through a book (read-aloud or speaking practice) finished within the window. */
    worksFinished: (userId: number, w: Window) =>
      first(
        db
          .select({ n })
          .from(works)
          .where(and(eq(works.userId, userId), inWindow(works.finishedAt, w))),
      ),

    /** Friends who registered with the user's invite code. */
    inviteesRegistered: (userId: number) =>
      first(
        db
          .select({ n })
          .from(users)
          .where(and(eq(users.invitedBy, userId), eq(users.isGuest, false))),
      ),

    /** The level the child follows (users.level; 1 when the user is gone). */
    async userLevel(userId: number): Promise<number> {
      const rows = await db.select({ level: users.level }).from(users).where(eq(users.id, userId));
      return rows[0]?.level ?? 1;
    },

    /** China days within the window on which the child read, practised or finished a course. */
    async learningDays(userId: number, w: Window): Promise<number> {
      const offset = sql.raw(`interval '${CHINA_OFFSET_MS / 3_600_000} hours'`);
      const day = (column: unknown) => sql`to_char((${column}) + ${offset}, 'YYYY-MM-DD')`;
      const from = sql`${w.from.toISOString()}::timestamptz`;
      const to = sql`${w.to.toISOString()}::timestamptz`;
      const fromDay = chinaDate(w.from);
      const toDay = chinaDate(w.to);
      const rows = await queryRows<{ n: number }>(
        db,
        sql`
        select count(distinct d)::int as n from (
          select ${readingDays.day} as d from ${readingDays}
            where ${readingDays.userId} = ${userId}
              and ${readingDays.day} >= ${fromDay} and ${readingDays.day} < ${toDay}
          union all
          select ${day(courseReports.createdAt)} from ${courseReports}
            where ${courseReports.userId} = ${userId}
              and ${courseReports.createdAt} >= ${from} and ${courseReports.createdAt} < ${to}
          union all
          select ${day(works.finishedAt)} from ${works}
            where ${works.userId} = ${userId}
              and ${works.finishedAt} >= ${from} and ${works.finishedAt} < ${to}
        ) days`,
      );
      return Number(rows[0]?.n ?? 0);
    },
  };
}

/** The counts a source may use (the child's level is no count). */
export type ActivityCount = Exclude<keyof ReturnType<typeof createActivityQueries>, 'userLevel'>;
