import type { TStudyKind, TStudyTimeRequest, TStudyTimeResult } from '@picbook/contracts';
import { reportedStudySeconds } from '@picbook/domain';
import { and, eq, gte, lt } from 'drizzle-orm';
import { sharedCache } from '../../platform/cache/change-cache';
import type { DbOrTx } from '../../platform/db/client';
import { studyTime } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { findBookOrFail } from '../library';
import { createStudyTimeQueries } from './study-time.queries';
import { reportStudyTime } from './study-time-writes';

/** Every book's id, kept until a book changes: a report names one, every 30 s. */
const bookIds = sharedCache<Set<number>>(['books']);

/**
 * POST /api/v1/user/study_time (decision 091): adds what a learning screen reports to the
 * child's time of the China day, the book and the kind of screen. Each report adds at most the
 * time that passed since the family's previous one (and at most one report's worth), so the
 * total cannot outrun the wall clock whatever the client sends: the family's row is locked and
 * its last report read after the lock. Reports arriving together share one transaction and are
 * answered after its commit (decision 109, study-time-writes.ts).
 */
export async function recordStudyTime(
  deps: AppDeps,
  userId: number,
  body: TStudyTimeRequest,
): Promise<TStudyTimeResult> {
  if (body.book_id > 0) {
    const known = await bookIds(deps.db, () => createStudyTimeQueries(deps.db).bookIds());
    if (!known.has(body.book_id)) await findBookOrFail(deps.db, body.book_id);
  }
  const added = await reportStudyTime(deps.database, () => deps.clock.now(), {
    userId,
    bookId: body.book_id,
    kind: body.kind,
    seconds: reportedStudySeconds(body.seconds),
  });
  return { added };
}

/** Seconds of learning screens in [from, to) by China day (optionally of one book). */
export async function studySecondsByDay(
  db: DbOrTx,
  userId: number,
  window: { from: string; to: string } | null,
  bookId?: number,
): Promise<Array<{ day: string; seconds: number; kind: TStudyKind }>> {
  const rows = await db
    .select({ day: studyTime.day, seconds: studyTime.seconds, kind: studyTime.kind })
    .from(studyTime)
    .where(
      and(
        eq(studyTime.userId, userId),
        window ? and(gte(studyTime.day, window.from), lt(studyTime.day, window.to)) : undefined,
        bookId === undefined ? undefined : eq(studyTime.bookId, bookId),
      ),
    );
  return rows.map((r) => ({ ...r, kind: r.kind as TStudyKind }));
}
