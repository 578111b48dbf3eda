import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import {
  books,
  courseProgress,
  courseReports,
  courses,
  planRewardClaims,
  planWeeks,
} from '../../platform/db/schema';

export type CourseRow = typeof courses.$inferSelect;
/** A course without its content (lists and statuses). */
export type CourseHead = Omit<CourseRow, 'content'> & { partTypes: string[] };
export type ProgressRow = typeof courseProgress.$inferSelect;
export type WeekRow = typeof planWeeks.$inferSelect;

const head = {
  uuid: courses.uuid,
  processId: courses.processId,
  level: courses.level,
  week: courses.week,
  stage: courses.stage,
  subPath: courses.subPath,
  position: courses.position,
  bookId: courses.bookId,
  titleCn: courses.titleCn,
  titleEn: courses.titleEn,
  duration: courses.duration,
  // Part types in order, without sending the (large) content over the wire.
  partTypes: sql<
    string[]
  >`coalesce((select array_agg(p->>'type') from jsonb_array_elements(${courses.content}->'parts') p), '{}')`,
};

export function createPlanQueries(db: DbOrTx) {
  return {
    async weeksOf(level: number): Promise<WeekRow[]> {
      return db
        .select()
        .from(planWeeks)
        .where(eq(planWeeks.level, level))
        .orderBy(asc(planWeeks.week));
    },

    async weekOfBook(bookId: number): Promise<WeekRow | null> {
      const rows = await db.select().from(planWeeks).where(eq(planWeeks.bookId, bookId)).limit(1);
      return rows[0] ?? null;
    },

    /** Every course of a level, in plan order (week, day, major before minor, position). */
    async coursesOf(level: number): Promise<CourseHead[]> {
      return db
        .select(head)
        .from(courses)
        .where(eq(courses.level, level))
        .orderBy(
          asc(courses.week),
          asc(courses.stage),
          asc(courses.subPath),
          asc(courses.position),
        );
    },

    async findByProcessId(processId: number): Promise<CourseRow | null> {
      const rows = await db.select().from(courses).where(eq(courses.processId, processId)).limit(1);
      return rows[0] ?? null;
    },

    async findTest(level: number, week: number): Promise<CourseRow | null> {
      const rows = await db
        .select()
        .from(courses)
        .where(and(eq(courses.level, level), eq(courses.week, week), eq(courses.subPath, 1)))
        .orderBy(desc(courses.stage), desc(courses.position))
        .limit(1);
      return rows[0] ?? null;
    },

    async progressOf(userId: number, uuids: readonly string[]): Promise<Map<string, ProgressRow>> {
      if (uuids.length === 0) return new Map();
      const rows = await db
        .select()
        .from(courseProgress)
        .where(
          and(eq(courseProgress.userId, userId), inArray(courseProgress.courseUuid, [...uuids])),
        );
      return new Map(rows.map((r) => [r.courseUuid, r]));
    },

    /** Collected rewards of a level: `${week}:${stage}` (stage 0 = the week's). */
    async claimsOf(userId: number, level: number): Promise<Set<string>> {
      const rows = await db
        .select({ week: planRewardClaims.week, stage: planRewardClaims.stage })
        .from(planRewardClaims)
        .where(and(eq(planRewardClaims.userId, userId), eq(planRewardClaims.level, level)));
      return new Set(rows.map((r) => `${r.week}:${r.stage}`));
    },

    async booksOf(ids: readonly number[]) {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({
          id: books.id,
          titleEn: books.titleEn,
          titleCn: books.titleCn,
          cover: books.cover,
        })
        .from(books)
        .where(inArray(books.id, [...ids]));
      return new Map(rows.map((b) => [b.id, b]));
    },

    async lastReport(userId: number, courseUuid: string) {
      const rows = await db
        .select()
        .from(courseReports)
        .where(and(eq(courseReports.userId, userId), eq(courseReports.courseUuid, courseUuid)))
        .orderBy(desc(courseReports.id))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}
