import type { DbOrTx } from '../db/client';
import { parentMessages } from '../db/schema';

/**
 * The parents' inbox (GET /api/v1/parent_space/messages): any area writes to it — weekly
 * summaries, rewards, orders, feedback — the reports area lists and answers it.
 */
export interface MessageInput {
  kind: 'weekly' | 'reward' | 'order' | 'feedback' | 'system';
  title: string;
  body: string;
  link?: string | null;
  /** One message per key and family (a rerun writes nothing new). */
  dedupeKey: string;
}

/** Writes a message to a family's parents once per dedupe key; answers whether it was new. */
export async function writeMessage(
  db: DbOrTx,
  userId: number,
  message: MessageInput,
  now?: Date,
): Promise<boolean> {
  const rows = await db
    .insert(parentMessages)
    .values({
      userId,
      kind: message.kind,
      title: message.title,
      body: message.body,
      link: message.link ?? null,
      dedupeKey: message.dedupeKey,
      ...(now ? { createdAt: now } : {}),
    })
    .onConflictDoNothing()
    .returning({ id: parentMessages.id });
  return rows.length > 0;
}
