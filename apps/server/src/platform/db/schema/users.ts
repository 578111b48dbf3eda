import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 100001 }),
    isGuest: boolean('is_guest').notNull().default(false),
    /** Device that created a guest account; lets the same device resume it. Cleared on upgrade. */
    guestDeviceId: text('guest_device_id').unique(),
    phoneNationCode: text('phone_nation_code'),
    phoneMobile: text('phone_mobile'),
    /** Account-password login: lower-cased account name and its argon2id hash. */
    account: text('account').unique(),
    passwordHash: text('password_hash'),
    level: integer('level').notNull().default(1),
    notificationMask: integer('notification_mask').notNull().default(0),
    /** The user's own 4-character invite code, made on first request. */
    inviteCode: text('invite_code').unique(),
    invitedBy: integer('invited_by'),
    /** When a guardian agreed to the children's personal-information rules. */
    guardianConsentAt: timestamp('guardian_consent_at', { withTimezone: true }),
    loginCount: integer('login_count').notNull().default(0),
    createdAt: createdAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [unique('users_phone_unique').on(t.phoneNationCode, t.phoneMobile)],
);

/** Access tokens, stored as SHA-256 hashes; the raw token only ever exists on the client. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Device uuid the token was issued to; a new login on that device replaces it. */
    deviceId: text('device_id').notNull().default(''),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId)],
);

export const children = pgTable(
  'children',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 500001 }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nickname: text('nickname').notNull(),
    /** YYYY-MM-DD. */
    birthday: text('birthday').notNull(),
    gender: integer('gender').notNull(),
    avatar: text('avatar').notNull().default(''),
    region: integer('region').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('children_user_idx').on(t.userId)],
);

/** A third-party account (per provider family) bound to a PicBook user. */
export const thirdPartyBindings = pgTable(
  'third_party_bindings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    family: text('family').notNull(),
    uid: text('uid').notNull(),
    nickname: text('nickname'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('third_party_family_uid').on(t.family, t.uid),
    unique('third_party_user_family').on(t.userId, t.family),
  ],
);

/**
 * A third-party identity waiting for a phone (12000) or a switch confirmation (12001). The
 * client holds the ticket (as auth_code) instead of the provider's single-use code.
 */
export const pendingThirdParty = pgTable('pending_third_party', {
  ticketHash: text('ticket_hash').primaryKey(),
  family: text('family').notNull(),
  uid: text('uid').notNull(),
  nickname: text('nickname'),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const userSettings = pgTable(
  'user_settings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    group: text('group').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.group, t.key] })],
);

/**
 * A user's rights (vip, du_vip, life_vip, library, experience, growth, school_usable): one row per
 * right with its current period (create_time = start) and expiry. Changed only by
 * features/rights/grant-right.ts, which records every grant and revocation in `right_grants`.
 */
export const userRights = pgTable(
  'user_rights',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 1 time-limited, 2 lifetime. */
    vipType: integer('vip_type'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    expireTime: timestamp('expire_time', { withTimezone: true }).notNull(),
    /** What last changed it: order:12, points-order:5, gift-card:<batch> … */
    source: text('source'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('user_rights_user_name').on(t.userId, t.name)],
);

/**
 * Append-only record of every grant and revocation of a right, with the business event that
 * caused it (`source`) and its idempotency key. A refund's revocation points at the grant it takes
 * back (`revokes_id`); the right's expiry is the replay of the grants that still stand (decision
 * 033). Kept, anonymised, when the account is deleted.
 */
export const rightGrants = pgTable(
  'right_grants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    rightName: text('right_name').notNull(),
    /** grant or revoke. */
    kind: text('kind').notNull(),
    /** Days granted; null for a lifetime grant and for revocations. */
    days: integer('days'),
    lifetime: boolean('lifetime').notNull().default(false),
    source: text('source').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    revokesId: integer('revokes_id'),
    expireBefore: timestamp('expire_before', { withTimezone: true }),
    expireAfter: timestamp('expire_after', { withTimezone: true }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
  },
  (t) => [
    index('right_grants_user_idx').on(t.userId, t.rightName),
    index('right_grants_source_idx').on(t.source),
  ],
);

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    nationCode: text('nation_code').notNull(),
    mobile: text('mobile').notNull(),
    action: text('action').notNull(),
    pinHash: text('pin_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when used, superseded by a newer code, or killed by wrong tries. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('sms_codes_phone_idx').on(t.nationCode, t.mobile, t.action)],
);

/** Development SMS outbox (GET /dev/sms-outbox); never written in production. */
export const devSmsOutbox = pgTable('dev_sms_outbox', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  nationCode: text('nation_code').notNull(),
  mobile: text('mobile').notNull(),
  pin: text('pin').notNull(),
  action: text('action').notNull(),
  sentAt: createdAt(),
});

/** Development OAuth provider: codes issued by the local consent page for simulated accounts. */
export const devOauthCodes = pgTable('dev_oauth_codes', {
  code: text('code').primaryKey(),
  type: text('type').notNull(),
  uid: text('uid').notNull(),
  nickname: text('nickname').notNull(),
  createdAt: createdAt(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const CURRENCIES = ['coins', 'credits', 'diamonds', 'points'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Current balances, changed only together with a ledger entry (ledger.ts). */
export const userBalances = pgTable(
  'user_balances',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    coins: integer('coins').notNull().default(0),
    credits: integer('credits').notNull().default(0),
    diamonds: integer('diamonds').notNull().default(0),
    points: integer('points').notNull().default(0),
  },
  (t) => [
    check(
      'user_balances_non_negative',
      sql`${t.coins} >= 0 and ${t.credits} >= 0 and ${t.diamonds} >= 0 and ${t.points} >= 0`,
    ),
  ],
);

/**
 * Append-only ledger of every balance change. `idempotency_key` makes each business event pay
 * once. On account deletion the rows stay, anonymised (user_id set null).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    currency: text('currency').notNull(),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: createdAt(),
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
  },
  (t) => [index('ledger_user_idx').on(t.userId)],
);
