import type { TPushSubscribe } from '@picbook/contracts';
import { and, asc, count, eq, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { pushSubscriptions } from '../../platform/db/schema';

/** A family keeps at most this many devices subscribed; the oldest beyond it are dropped. */
export const MAX_SUBSCRIPTIONS_PER_FAMILY = 10;

/**
 * Registers a device for this family's pushes: a browser's Web Push subscription or the native
 * shell's token. The endpoint is unique: a device that logs into another family moves with it.
 */
export async function subscribe(
  db: DbOrTx,
  userId: number,
  deviceId: string,
  body: TPushSubscribe,
): Promise<{ id: number; subscriptions: number }> {
  const values =
    body.kind === 'web'
      ? {
          kind: 'web' as const,
          endpoint: body.endpoint,
          p256dh: body.keys.p256dh,
          auth: body.keys.auth,
          platform: 'web',
        }
      : {
          kind: 'native' as const,
          endpoint: body.endpoint,
          p256dh: null,
          auth: null,
          platform: body.platform,
        };
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ userId, deviceId, ...values })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, deviceId, ...values },
    })
    .returning({ id: pushSubscriptions.id });
  const id = row?.id ?? 0;
  const all = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.id));
  if (all.length > MAX_SUBSCRIPTIONS_PER_FAMILY) {
    const newest = all.slice(-MAX_SUBSCRIPTIONS_PER_FAMILY).map((r) => r.id);
    await db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
  }
  const [n] = await db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return { id, subscriptions: n?.n ?? 0 };
}

/** This family's endpoint (or token) stops receiving; answers how many rows went. */
export async function unsubscribe(
  db: DbOrTx,
  userId: number,
  endpoint: string,
): Promise<{ removed: number }> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return { removed: rows.length };
}
