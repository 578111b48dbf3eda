import { eq, type SQL, sql } from 'drizzle-orm';
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

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
/** `column` within [from, to). */
const inWindow = (column: unknown, w: Window) =>
  sql`${column} >= ${at(w.from)} and ${column} < ${at(w.to)}`;

/**
 * Each count as one scalar subquery, so that a single count and several counts in one statement
 * (the growth hints, issue 41) are the same SQL.
 */
const COUNTS = {
  /** Books read (any page turned) within the window. */
  booksRead: (userId: number, w: Window) =>
    sql`(select count(*)::int from ${readingProgress} where ${readingProgress.userId} = ${userId}
      and ${inWindow(readingProgress.lastReadAt, w)})`,

  /** Books read to the end within the window (the last read in it, finished at least once). */
  booksFinished: (userId: number, w: Window) =>
    sql`(select count(*)::int from ${readingProgress} where ${readingProgress.userId} = ${userId}
      and ${readingProgress.finishCount} > 0 and ${inWindow(readingProgress.lastReadAt, w)})`,

  /** Books ever read to the end. */
  booksFinishedEver: (userId: number) =>
    sql`(select count(*)::int from ${readingProgress} where ${readingProgress.userId} = ${userId}
      and ${readingProgress.finishedAt} is not null)`,

  coursesFinished: (userId: number, w: Window) =>
    sql`(select count(*)::int from ${courseProgress} where ${courseProgress.userId} = ${userId}
      and ${courseProgress.lastFinishedAt} is not null
      and ${inWindow(courseProgress.lastFinishedAt, w)})`,

  /** Runs through a book (read-aloud or speaking practice) finished within the window. */
  worksFinished: (userId: number, w: Window) =>
    sql`(select count(*)::int from ${works} where ${works.userId} = ${userId}
      and ${inWindow(works.finishedAt, w)})`,

  /** Friends who registered with the user's invite code. */
  inviteesRegistered: (userId: number) =>
    sql`(select count(*)::int from ${users} where ${users.invitedBy} = ${userId}
      and ${users.isGuest} = false)`,

  /** China days within the window on which the child read, practised or finished a course. */
  learningDays: (userId: number, w: Window) => {
    const offset = sql.raw(`interval '${CHINA_OFFSET_MS / 3_600_000} hours'`);
    const day = (column: unknown) => sql`to_char((${column}) + ${offset}, 'YYYY-MM-DD')`;
    return sql`(select count(distinct d)::int from (
      select ${readingDays.day} as d from ${readingDays}
        where ${readingDays.userId} = ${userId}
          and ${readingDays.day} >= ${chinaDate(w.from)} and ${readingDays.day} < ${chinaDate(w.to)}
      union all
      select ${day(courseReports.createdAt)} from ${courseReports}
        where ${courseReports.userId} = ${userId} and ${inWindow(courseReports.createdAt, w)}
      union all
      select ${day(works.finishedAt)} from ${works}
        where ${works.userId} = ${userId} and ${inWindow(works.finishedAt, w)}
    ) days)`;
  },
} satisfies Record<string, (userId: number, w: Window) => SQL>;

/** The counts a source may use. */
export type ActivityCount = keyof typeof COUNTS;

/** One count asked of {@link ActivityQueries.countMany}. */
export interface CountAsk {
  count: ActivityCount;
  window: Window;
}

/**
 * How often a child's learning events happened: what the points tasks and the growth missions
 * (activity-sources.ts) count. A single count is one statement, and so are several.
 */
export function createActivityQueries(db: DbOrTx) {
  const one = async (query: SQL) => Number((await queryRows<{ n: number }>(db, query))[0]?.n ?? 0);
  const counts = Object.fromEntries(
    Object.entries(COUNTS).map(([name, fragment]) => [
      name,
      (userId: number, w: Window) => one(sql`select ${fragment(userId, w)} as n`),
    ]),
  ) as Record<ActivityCount, (userId: number, w: Window) => Promise<number>>;
  return {
    ...counts,

    /**
     * Several counts, the child's level and the books the child ever finished, in one statement
     * (the growth hints every start asks for, issue 41): the counts in the order asked.
     */
    async countMany(
      userId: number,
      asks: readonly CountAsk[],
    ): Promise<{ counts: number[]; level: number; finishedBookIds: number[] }> {
      const columns = asks.map(
        (a, i) => sql`${COUNTS[a.count](userId, a.window)} as ${sql.identifier(`c${i}`)}`,
      );
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`select ${sql.join(
          [
            ...columns,
            sql`coalesce((select ${users.level} from ${users} where ${users.id} = ${userId}), 1) as level`,
            sql`coalesce((select array_agg(${readingProgress.bookId} order by ${readingProgress.bookId})
              from ${readingProgress} where ${readingProgress.userId} = ${userId}
                and ${readingProgress.finishedAt} is not null), '{}') as finished`,
          ],
          sql`, `,
        )}`,
      );
      const row = rows[0] ?? {};
      return {
        counts: asks.map((_, i) => Number(row[`c${i}`] ?? 0)),
        level: Number(row.level ?? 1),
        finishedBookIds: ((row.finished as unknown[] | null) ?? []).map(Number),
      };
    },

    /** The level the child follows (users.level; 1 when the user is gone). */
    async userLevel(userId: number): Promise<number> {
      const rows = await db.select({ level: users.level }).from(users).where(eq(users.id, userId));
      return rows[0]?.level ?? 1;
    },
  };
}
