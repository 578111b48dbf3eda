import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

const at = (name: string) => timestamp(name, { withTimezone: true });
const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * Where a family's reminders go (decision 100): a browser's Web Push subscription (endpoint and
 * keys) or the native shell's push token (kind 'native', the token in `endpoint`). One row per
 * endpoint; removed on unsubscribe or when the push service answers 404/410.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    deviceId: text('device_id').notNull().default(''),
    kind: text('kind').$type<'web' | 'native'>().notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh'),
    auth: text('auth'),
    platform: text('platform').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
    lastDeliveredAt: at('last_delivered_at'),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * The push job table (decision 100): one row per message to a family, claimed with
 * FOR UPDATE SKIP LOCKED by whichever API process gets there first. `dedupe_key` makes the
 * daily reminder once per China day and the weekly report once per week, however many
 * processes plan them. status: pending → sent | skipped | dead (the dead-letter record).
 */
export const pushJobs = pgTable(
  'push_jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    kind: text('kind').$type<'reminder' | 'weekly' | 'test'>().notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    payload: jsonb('payload').$type<{ title: string; body: string; url: string }>().notNull(),
    status: text('status').$type<'pending' | 'sent' | 'skipped' | 'dead'>().notNull(),
    runAt: at('run_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    lastError: text('last_error'),
    createdAt: at('created_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    uniqueIndex('push_jobs_dedupe_idx').on(t.userId, t.dedupeKey),
    index('push_jobs_due_idx').on(t.status, t.runAt),
  ],
);

/** Development push outbox (GET /dev/push-outbox): what the dev adapter would have sent. */
export const devPushOutbox = pgTable('dev_push_outbox', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull(),
  kind: text('kind').notNull(),
  endpoint: text('endpoint').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  url: text('url').notNull(),
  sentAt: at('sent_at').notNull().defaultNow(),
});
