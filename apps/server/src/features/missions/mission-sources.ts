import { MISSION_TYPE } from '@picbook/domain';
import { and, eq, gt, gte, isNotNull, lt, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../platform/db/client';
import {
  courseProgress,
  courseReports,
  readingDays,
  readingProgress,
  works,
} from '../../platform/db/schema';
import { CHINA_OFFSET_MS, chinaDate } from '../../platform/time';

/** A half-open time window: a China day or a China week (Monday to Monday). */
export interface Window {
  from: Date;
  to: Date;
}

/**
 * A growth mission earned from real activity (decision 054). Daily sources make one mission per
 * China day, weekly ones one per China week. Adding a source is one more entry here.
 */
export interface MissionSource {
  id: string;
  kind: 'daily' | 'weekly';
  type: number;
  title: string;
  desc: string;
  target: number;
  coins: number;
  diamonds: number;
  link: string;
  count(db: DbOrTx, userId: number, window: Window): Promise<number>;
}

const n = sql<number>`count(*)::int`;
const first = async (rows: Promise<Array<{ n: number }>>) => (await rows)[0]?.n ?? 0;
const inWindow = (column: Parameters<typeof gte>[0], w: Window) =>
  and(gte(column, w.from), lt(column, w.to));

/** Books read to the end within the window (the last read in it, finished at least once). */
const booksFinished = (db: DbOrTx, userId: number, w: Window) =>
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
  );

const coursesFinished = (db: DbOrTx, userId: number, w: Window) =>
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
  );

const worksFinished = (db: DbOrTx, userId: number, w: Window) =>
  first(
    db
      .select({ n })
      .from(works)
      .where(and(eq(works.userId, userId), inWindow(works.finishedAt, w))),
  );

/** China days within the window on which the child read, practised or finished a course. */
async function learningDays(db: DbOrTx, userId: number, w: Window): Promise<number> {
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
}

export const MISSION_SOURCES: readonly MissionSource[] = [
  {
    id: 'read_book',
    kind: 'daily',
    type: MISSION_TYPE.readBook,
    title: '读完一本绘本',
    desc: '今天从头到尾读完任意一本绘本',
    target: 1,
    coins: 5,
    diamonds: 0,
    link: '/library',
    count: booksFinished,
  },
  {
    id: 'finish_course',
    kind: 'daily',
    type: MISSION_TYPE.finishCourse,
    title: '完成一节课',
    desc: '今天在学习计划里完成一节课',
    target: 1,
    coins: 5,
    diamonds: 0,
    link: '/learning',
    count: coursesFinished,
  },
  {
    id: 'read_aloud',
    kind: 'daily',
    type: MISSION_TYPE.readAloud,
    title: '跟读一本绘本',
    desc: '今天用跟读或口语练习读完一本绘本',
    target: 1,
    coins: 5,
    diamonds: 0,
    link: '/library',
    count: worksFinished,
  },
  {
    id: 'streak',
    kind: 'weekly',
    type: MISSION_TYPE.streak,
    title: '坚持学习3天',
    desc: '这周有3天读绘本、上课或跟读',
    target: 3,
    coins: 20,
    diamonds: 2,
    link: '/library',
    count: learningDays,
  },
  {
    id: 'weekly_books',
    kind: 'weekly',
    type: MISSION_TYPE.weeklyBooks,
    title: '一周读完5本绘本',
    desc: '这周读完5本绘本',
    target: 5,
    coins: 20,
    diamonds: 2,
    link: '/library',
    count: booksFinished,
  },
  {
    id: 'weekly_courses',
    kind: 'weekly',
    type: MISSION_TYPE.weeklyCourses,
    title: '一周完成3节课',
    desc: '这周在学习计划里完成3节课',
    target: 3,
    coins: 20,
    diamonds: 2,
    link: '/learning',
    count: coursesFinished,
  },
  {
    id: 'weekly_aloud',
    kind: 'weekly',
    type: MISSION_TYPE.levelBook,
    title: '一周跟读3本绘本',
    desc: '这周用跟读或口语练习读完3本绘本',
    target: 3,
    coins: 20,
    diamonds: 2,
    link: '/library',
    count: worksFinished,
  },
];

export const FOOTPRINT_REWARD = { coins: 5, diamonds: 0 } as const;
/** Books per footprint day card. */
export const FOOTPRINT_BOOKS_PER_DAY = 2;
