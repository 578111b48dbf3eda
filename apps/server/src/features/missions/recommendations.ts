import type { TRecommendation } from '@picbook/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { books, courseProgress, courses, readingProgress } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { withMediaUrls } from '../../platform/media/media-url';
import { userLevel } from './user-level';

/** How many of each kind the pool holds (the web pages through it three at a time). */
const POOL_BOOKS = 18;
const POOL_COURSES = 12;

/**
 * Books and courses of the child's level the child has not read or finished (§4 recommendation
 * list), in plan order; the web shuffles and pages them (packages/domain missions.ts).
 */
export async function recommendationsFor(
  deps: AppDeps,
  userId: number,
): Promise<TRecommendation[]> {
  const level = await userLevel(deps.db, userId);
  const [unread, unfinished] = await Promise.all([
    deps.db
      .select({ id: books.id, title: books.titleCn, cover: books.cover })
      .from(books)
      .leftJoin(
        readingProgress,
        and(eq(readingProgress.bookId, books.id), eq(readingProgress.userId, userId)),
      )
      .where(and(eq(books.level, level), isNull(readingProgress.userId)))
      .orderBy(asc(books.id))
      .limit(POOL_BOOKS),
    deps.db
      .select({ processId: courses.processId, title: courses.titleCn, cover: books.cover })
      .from(courses)
      .innerJoin(books, eq(books.id, courses.bookId))
      .leftJoin(
        courseProgress,
        and(eq(courseProgress.courseUuid, courses.uuid), eq(courseProgress.userId, userId)),
      )
      .where(
        and(
          eq(courses.level, level),
          eq(courses.subPath, 1),
          isNull(courseProgress.firstFinishedAt),
        ),
      )
      .orderBy(asc(courses.week), asc(courses.stage), asc(courses.position))
      .limit(POOL_COURSES),
  ]);
  const list: TRecommendation[] = [
    ...unread.map((b) => ({
      kind: 'book' as const,
      id: `book:${b.id}`,
      title: b.title,
      cover: b.cover.image_small,
      link: `/library/detail/${b.id}/${level}/0/0`,
    })),
    ...unfinished.map((c) => ({
      kind: 'course' as const,
      id: `course:${c.processId}`,
      title: c.title,
      cover: c.cover.image_small,
      link: `/learning/partContent/${c.processId}`,
    })),
  ];
  return withMediaUrls(list, deps);
}
