import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The people who run PicBook (operators), kept apart from families' accounts: their own
 * passwords (argon2id), roles, an optional TOTP secret and their own sessions (decision 044).
 */
export const operators = pgTable('operators', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  /** content, commerce, support, admin (platform/ops/operator-action.ts). */
  roles: jsonb('roles').$type<string[]>().notNull().default([]),
  /** Base32 TOTP secret; when set, login needs the current code. */
  totpSecret: text('totp_secret'),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const operatorSessions = pgTable(
  'operator_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('operator_sessions_operator_idx').on(t.operatorId)],
);

/**
 * Append-only record of every operator action: who, when, what, on what, and the state before
 * and after. Written in the same transaction as the change, so no change is unrecorded.
 */
export const operatorAudit = pgTable(
  'operator_audit',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** `op:<username>` (console / API) or `cli:<os user>` (npm run ops). */
    operator: text('operator').notNull(),
    action: text('action').notNull(),
    /** What the action changed, e.g. `order:42`, `gift_batch:7`, `config:library_rewards`. */
    target: text('target'),
    reason: text('reason'),
    input: jsonb('input'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('operator_audit_action_idx').on(t.action, t.createdAt),
    index('operator_audit_target_idx').on(t.target),
    index('operator_audit_operator_idx').on(t.operator, t.createdAt),
  ],
);
