import { bigint, date, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Client tracking events (POST /api/v1/pingback) counted per China day, event and level, for
 * operators (`SELECT * FROM pingback_daily WHERE day = …`): what the app reports, without a log
 * line per event.
 */
export const pingbackDaily = pgTable(
  'pingback_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    event: text('event').notNull(),
    /** info, warn or error. */
    level: text('level').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.event, t.level] })],
);
