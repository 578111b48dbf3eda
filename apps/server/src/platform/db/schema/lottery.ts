import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** How a family may earn an extra chance (operators set them per lottery). */
export interface ApplyMethodJson {
  /** share, read (read a book today), points (spend points). */
  method: string;
  chances: number;
  /** At most this many times a China day. */
  daily_limit: number;
  /** Points one chance costs (method points). */
  cost?: number;
}

/** A lucky wheel (operators: lottery.save). */
export const lotteries = pgTable('lotteries', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  title: text('title').notNull(),
  /** Published rules (participation, prize delivery, organiser) shown on the wheel page. */
  rules: text('rules').notNull(),
  startAt: timestamp('start_at', { withTimezone: true }).notNull(),
  endAt: timestamp('end_at', { withTimezone: true }).notNull(),
  /** 1 on, 0 off. */
  status: integer('status').notNull().default(1),
  /** Free chances of the daily benefit (collected with get_reward). */
  dailyChances: integer('daily_chances').notNull().default(1),
  applyMethods: jsonb('apply_methods').$type<ApplyMethodJson[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A prize of a wheel: kind points / coins / vip (days) / none (thanks for playing), its weight
 * and its stock (null unlimited; a limited prize is won only by a conditional update). How often
 * each was won is counted from lottery_draws.
 */
export const lotteryPrizes = pgTable(
  'lottery_prizes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lotteryId: integer('lottery_id')
      .notNull()
      .references(() => lotteries.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    image: text('image').notNull(),
    kind: text('kind').notNull(),
    amount: integer('amount').notNull().default(0),
    weight: integer('weight').notNull(),
    stock: integer('stock'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('lottery_prizes_lottery_idx').on(t.lotteryId),
    check(
      'lottery_prizes_counts',
      sql`${t.weight} >= 0 and (${t.stock} is null or ${t.stock} >= 0) and ${t.amount} >= 0`,
    ),
  ],
);

/**
 * A family's chances on a wheel: granted and used. A draw spends one with a conditional update
 * (used < granted), so a chance is spent exactly once.
 */
export const lotteryPlayers = pgTable(
  'lottery_players',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lotteryId: integer('lottery_id')
      .notNull()
      .references(() => lotteries.id, { onDelete: 'cascade' }),
    granted: integer('granted').notNull().default(0),
    used: integer('used').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lotteryId] }),
    check('lottery_players_used', sql`${t.used} >= 0 and ${t.used} <= ${t.granted}`),
  ],
);

/** Why chances were granted: daily:<day>, share:<day>:<n>, read:<day>, points:<day>:<n>. */
export const lotteryChanceGrants = pgTable(
  'lottery_chance_grants',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lotteryId: integer('lottery_id')
      .notNull()
      .references(() => lotteries.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    /** YYYY-MM-DD (China) the grant counts against the daily limit of its method. */
    day: text('day').notNull(),
    chances: integer('chances').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lotteryId, t.key] })],
);

/** One spin and what it won (a copy of the prize as it was). */
export const lotteryDraws = pgTable(
  'lottery_draws',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 700001 }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lotteryId: integer('lottery_id')
      .notNull()
      .references(() => lotteries.id, { onDelete: 'cascade' }),
    prizeId: integer('prize_id').notNull(),
    name: text('name').notNull(),
    image: text('image').notNull(),
    kind: text('kind').notNull(),
    amount: integer('amount').notNull(),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lottery_draws_user_idx').on(t.userId, t.createdAt),
    unique('lottery_draws_request_unique').on(t.userId, t.lotteryId, t.requestId),
  ],
);
