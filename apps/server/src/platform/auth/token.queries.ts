import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { authTokens } from '../db/schema';

/** The login tokens' rows: issued and resolved by the session (session.ts), revoked on logout. */
export function createTokenQueries(db: DbOrTx) {
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
  };
}
