import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { courseProgress, courses, orders, readingProgress, works } from '../../platform/db/schema';

/**
 * What GET /api/v1/user counts beyond the user's own rows: finished courses, books read, practice
 * runs and paid orders (read here, so the user area depends on no other area).
 */
export function createUserInfoQueries(db: DbOrTx) {
  return {
    /** Finished study-plan courses by kind (major, minor) for the user info. */
    async finishedCounts(userId: number): Promise<{ major: number; minor: number }> {
      const rows = await db
        .select({ subPath: courses.subPath, n: sql<number>`count(*)::int` })
        .from(courseProgress)
        .innerJoin(courses, eq(courses.uuid, courseProgress.courseUuid))
        .where(and(eq(courseProgress.userId, userId), sql`${courseProgress.finishCount} > 0`))
        .groupBy(courses.subPath);
      return {
        major: rows.find((r) => r.subPath === 1)?.n ?? 0,
        minor: rows.find((r) => r.subPath === 2)?.n ?? 0,
      };
    },

    /** Library reading outside the plan: books read to the end, practice runs finished. */
    async libraryCounts(userId: number): Promise<{ booksRead: number; runs: number }> {
      const [books, runs] = await Promise.all([
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(readingProgress)
          .where(and(eq(readingProgress.userId, userId), isNotNull(readingProgress.finishedAt))),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(works)
          .where(and(eq(works.userId, userId), isNotNull(works.finishedAt))),
      ]);
      return { booksRead: books[0]?.n ?? 0, runs: runs[0]?.n ?? 0 };
    },

    /** Product ids and times of this user's fulfilled orders (user info paid and buy_info). */
    fulfilledOrders: (userId: number) =>
      db
        .select({
          productId: orders.productId,
          rightName: orders.rightName,
          days: orders.days,
          paidAt: orders.paidAt,
        })
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.status, 'fulfilled')))
        .orderBy(asc(orders.paidAt)),
  };
}
