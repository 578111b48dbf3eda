import { desc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { devSmsOutbox } from '../db/schema';
import type { SmsProvider } from './types';

/**
 * Development SMS provider: nothing leaves the machine; each code lands in the dev outbox
 * (database table, so every API process sees it) and the log.
 */
export function createDevSmsProvider(db: Db, log: (msg: string) => void): SmsProvider {
  return {
    name: 'dev-outbox',
    async send(message) {
      await db.insert(devSmsOutbox).values({
        nationCode: message.nationCode,
        mobile: message.mobile,
        pin: message.pin,
        action: message.action,
      });
      log(`[dev sms] +${message.nationCode} ${message.mobile} ${message.action}: ${message.pin}`);
    },
  };
}

export async function listDevOutbox(db: Db, limit = 50) {
  const rows = await db.select().from(devSmsOutbox).orderBy(desc(devSmsOutbox.id)).limit(limit);
  return rows.map((r) => ({
    mobile: r.mobile,
    nation_code: r.nationCode,
    pin: r.pin,
    action: r.action,
    sent_at: Math.floor(r.sentAt.getTime() / 1000),
  }));
}
