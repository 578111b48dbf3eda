import type { DbOrTx } from '../../platform/db/client';
import { createActivityQueries } from './activity.queries';

/** The level the child follows (users.level; 1 when the user is gone). */
export const userLevel = (db: DbOrTx, userId: number): Promise<number> =>
  createActivityQueries(db).userLevel(userId);
