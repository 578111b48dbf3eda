import { and, desc, eq, gt } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { userRights } from '../../platform/db/schema';

/**
 * Minimal stand-in written on the points branch with the store's agreed signature (the store
 * branch owns rights and replaces this file at merge). Rights are rows of `user_rights`; a grant
 * extends the user's current right of that name, or starts one.
 */
export type RightName = string;

/** Spec: a lifetime right's expiry year starts at 2038. */
const LIFETIME_EXPIRY = new Date('2038-01-01T00:00:00Z');
const DAY_MS = 86_400_000;

export async function grantRight(
  tx: Tx,
  input: {
    userId: number;
    name: RightName;
    days: number | 'life';
    source: string;
    /**
     * The business event. In this stand-in the callers' own rows (an order, a draw) make each grant
     * once; the store's version records the key itself.
     */
    idempotencyKey: string;
    now: Date;
  },
): Promise<{ expireAt: Date; applied: boolean }> {
  const { userId, name, days, now } = input;
  const current = await tx
    .select()
    .from(userRights)
    .where(
      and(eq(userRights.userId, userId), eq(userRights.name, name), gt(userRights.expireTime, now)),
    )
    .orderBy(desc(userRights.expireTime))
    .limit(1)
    .for('update');
  const row = current[0];
  if (days === 'life') {
    const expireAt =
      row && row.expireTime > LIFETIME_EXPIRY ? row.expireTime : new Date(LIFETIME_EXPIRY);
    if (row) {
      await tx
        .update(userRights)
        .set({ expireTime: expireAt, vipType: 2 })
        .where(eq(userRights.id, row.id));
    } else {
      await tx
        .insert(userRights)
        .values({ userId, name, vipType: 2, createTime: now, expireTime: expireAt });
    }
    return { expireAt, applied: true };
  }
  const from = row ? row.expireTime : now;
  const expireAt = new Date(from.getTime() + days * DAY_MS);
  if (row) {
    await tx.update(userRights).set({ expireTime: expireAt }).where(eq(userRights.id, row.id));
  } else {
    await tx
      .insert(userRights)
      .values({ userId, name, vipType: 1, createTime: now, expireTime: expireAt });
  }
  return { expireAt, applied: true };
}
