import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { users } from '../../platform/db/schema';

/** The level the child follows (users.level; 1 when the user is gone). */
export async function userLevel(db: DbOrTx, userId: number): Promise<number> {
  const rows = await db.select({ level: users.level }).from(users).where(eq(users.id, userId));
  return rows[0]?.level ?? 1;
}
