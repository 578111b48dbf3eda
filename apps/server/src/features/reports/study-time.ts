import type { TStudyKind, TStudyTimeRequest, TStudyTimeResult } from '@picbook/contracts';
import { creditedStudySeconds } from '@picbook/domain';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { studyTime, users } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { chinaDate } from '../../platform/time';
import { findBookOrFail } from '../library';

/**
 * POST /api/v1/user/study_time (decision 091): adds what a learning screen reports to the
 * child's time of the China day, the book and the kind of screen. The family's row is locked so
 * that two reports at once are counted one after the other: each adds at most the time that
 * passed since the previous one (and at most one report's worth), so the total cannot outrun the
 * wall clock whatever the client sends.
 */
export async function recordStudyTime(
  deps: AppDeps,
  userId: number,
  body: TStudyTimeRequest,
): Promise<TStudyTimeResult> {
  if (body.book_id > 0) await findBookOrFail(deps.db, body.book_id);
  return deps.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const now = deps.clock.now();
    const [last] = await tx
      .select({ at: studyTime.updatedAt })
      .from(studyTime)
      .where(eq(studyTime.userId, userId))
      .orderBy(desc(studyTime.updatedAt))
      .limit(1);
    const elapsed = last ? (now.getTime() - last.at.getTime()) / 1000 : null;
    const added = creditedStudySeconds(body.seconds, elapsed);
    if (added <= 0) return { added: 0 };
    await tx
      .insert(studyTime)
      .values({
        userId,
        day: chinaDate(now),
        bookId: body.book_id,
        kind: body.kind,
        seconds: added,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [studyTime.userId, studyTime.day, studyTime.bookId, studyTime.kind],
        set: { seconds: sql`${studyTime.seconds} + ${added}`, updatedAt: now },
      });
    return { added };
  });
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
