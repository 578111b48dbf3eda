import { date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One record of the activity data (decision 057): a slot (popup_lib, auto_popups, home_pop,
 * parents_slide, read_camp …), its order in the slot, its payload (checked against the slot's
 * schema by the `activity.save` operator action) and an optional time window. A popup_lib
 * record's id is the popup id entrances and auto_popups refer to.
 */
export const activityRecords = pgTable(
  'activity_records',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slot: text('slot').notNull(),
    position: integer('position').notNull().default(0),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activity_records_slot_idx').on(t.slot, t.position)],
);

/** Shares recorded by POST /api/v1/share, for the rewards and missions that count shares. */
export const shares = pgTable(
  'shares',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    detail: jsonb('detail'),
    /** China day (YYYY-MM-DD) of the share, for daily counts. */
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shares_user_day_idx').on(t.userId, t.day)],
);
