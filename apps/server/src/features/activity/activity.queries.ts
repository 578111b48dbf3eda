import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { activityRecords } from '../../platform/db/schema';

export function createActivityQueries(db: DbOrTx) {
  return {
    /** The activity records of one slot, or of all, by slot, position and id. */
    listRecords: (slot?: string) =>
      db
        .select()
        .from(activityRecords)
        .where(slot ? eq(activityRecords.slot, slot) : undefined)
        .orderBy(asc(activityRecords.slot), asc(activityRecords.position), asc(activityRecords.id)),
  };
}
