import type { DbOrTx } from '../../platform/db/client';
import { readingDays } from '../../platform/db/schema';
import { chinaDate } from '../../platform/time';

/** Notes that the child read on this China day (the growth streak counts these days). */
export async function recordReadingDay(db: DbOrTx, userId: number, now: Date): Promise<void> {
  await db
    .insert(readingDays)
    .values({ userId, day: chinaDate(now) })
    .onConflictDoNothing();
}
