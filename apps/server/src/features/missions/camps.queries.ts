import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { campDays, camps } from '../../platform/db/schema';

export function createCampQueries(db: DbOrTx) {
  return {
    /** Every camp and every calendar day (the console's list). */
    async listAllWithDays() {
      const [list, days] = await Promise.all([
        db.select().from(camps).orderBy(asc(camps.id)),
        db.select().from(campDays).orderBy(asc(campDays.day)),
      ]);
      return { camps: list, days };
    },
  };
}
