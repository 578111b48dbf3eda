import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { users } from '../../platform/db/schema';

/** The login flows' user rows (the tokens' rows are the session's: platform/auth/token.queries.ts). */
export function createAuthQueries(db: DbOrTx) {
  return {
    async findGuestByDevice(deviceId: string) {
      const rows = await db.select().from(users).where(eq(users.guestDeviceId, deviceId)).limit(1);
      return rows[0] ?? null;
    },

    /** Inserts a guest for the device, or returns the one a concurrent request just made. */
    async insertGuest(deviceId: string) {
      const inserted = await db
        .insert(users)
        .values({ isGuest: true, guestDeviceId: deviceId })
        .onConflictDoNothing({ target: users.guestDeviceId })
        .returning();
      return inserted[0] ?? null;
    },

    /** Counts a login and returns the updated user. */
    async recordLogin(userId: number, now: Date) {
      const rows = await db
        .update(users)
        .set({ lastLoginAt: now, loginCount: sql`${users.loginCount} + 1` })
        .where(eq(users.id, userId))
        .returning();
      return rows[0] ?? null;
    },
  };
}
export type AuthQueries = ReturnType<typeof createAuthQueries>;
