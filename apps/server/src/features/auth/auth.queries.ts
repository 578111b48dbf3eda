import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { authTokens, users } from '../../platform/db/schema';

export function createAuthQueries(db: DbOrTx) {
  return {
    async insertToken(
      tokenHash: string,
      userId: number,
      deviceId: string,
      expiresAt: Date,
    ): Promise<void> {
      await db.insert(authTokens).values({ tokenHash, userId, deviceId, expiresAt });
    },

    async revokeDeviceTokens(userId: number, deviceId: string, now: Date): Promise<void> {
      await db
        .update(authTokens)
        .set({ revokedAt: now })
        .where(
          and(
            eq(authTokens.userId, userId),
            eq(authTokens.deviceId, deviceId),
            isNull(authTokens.revokedAt),
          ),
        );
    },

    async revokeToken(tokenHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(authTokens)
        .set({ revokedAt: now })
        .where(and(eq(authTokens.tokenHash, tokenHash), isNull(authTokens.revokedAt)))
        .returning({ hash: authTokens.tokenHash });
      return rows.length > 0;
    },

    /** The user a live (unexpired, unrevoked) token belongs to. */
    /** The user of a usable (not revoked, not expired) token, and when the token expires. */
    async findSession(
      tokenHash: string,
      now: Date,
    ): Promise<{ userId: number; expiresAt: Date } | null> {
      const rows = await db
        .select({ userId: authTokens.userId, expiresAt: authTokens.expiresAt })
        .from(authTokens)
        .where(
          and(
            eq(authTokens.tokenHash, tokenHash),
            isNull(authTokens.revokedAt),
            gt(authTokens.expiresAt, now),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    async revokeUserTokens(userId: number, now: Date): Promise<void> {
      await db
        .update(authTokens)
        .set({ revokedAt: now })
        .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt)));
    },

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
