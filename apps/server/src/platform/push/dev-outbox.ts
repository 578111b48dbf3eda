import { desc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { devPushOutbox } from '../db/schema';
import type { PushChannel } from './types';

/**
 * Development push channel: nothing leaves the machine; each push lands in the dev outbox
 * (database table, so every API process sees it; GET /dev/push-outbox) and the log. Endpoints
 * containing "/gone/" answer as an expired subscription (410) so the removal path can be walked.
 */
export function createDevPushChannel(
  db: Db,
  vapidPublicKey: string | null,
  log: (msg: string) => void,
): PushChannel {
  return {
    name: 'dev-outbox',
    vapidPublicKey,
    async send(target, message) {
      if (target.endpoint.includes('/gone/')) return { status: 'gone', error: '410 Gone (dev)' };
      await db.insert(devPushOutbox).values({
        userId: target.userId,
        kind: target.kind,
        endpoint: target.endpoint,
        title: message.title,
        body: message.body,
        url: message.url,
      });
      log(`[dev push] user ${target.userId} (${target.kind}): ${message.title} → ${message.url}`);
      return { status: 'delivered' };
    },
  };
}

export async function listDevPushOutbox(db: Db, limit = 50) {
  const rows = await db.select().from(devPushOutbox).orderBy(desc(devPushOutbox.id)).limit(limit);
  return rows.map((r) => ({
    user_id: r.userId,
    kind: r.kind,
    endpoint: r.endpoint,
    title: r.title,
    body: r.body,
    url: r.url,
    sent_at: Math.floor(r.sentAt.getTime() / 1000),
  }));
}
