import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { OrderAddressJson } from './points';
import { users } from './users';

const at = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => at('created_at').notNull().defaultNow();

/** What a card gives (packages/domain gift-cards.ts GiftProduct). */
export type GiftProductJson =
  | { kind: 'right'; right: string; days: number | 'life' }
  | { kind: 'prize'; title: string };

/**
 * A batch of gift-card codes an operator made (`giftcards.createBatch`, decision 051): what its
 * codes give, how many, from when until when, for which channel (a school, a promotion, a shop).
 * Revoking it (`giftcards.revokeBatch`) stops its unused codes; what was redeemed stays.
 */
export const giftCardBatches = pgTable(
  'gift_card_batches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    channel: text('channel').notNull(),
    product: jsonb('product').$type<GiftProductJson>().notNull(),
    count: integer('count').notNull(),
    startsAt: at('starts_at'),
    expiresAt: at('expires_at').notNull(),
    /** active, revoked. */
    status: text('status').notNull().default('active'),
    revokedAt: at('revoked_at'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('gift_card_batches_count', sql`${t.count} > 0`)],
);

/**
 * One card: a code of a batch (stored as its SHA-256, with the last four characters to show),
 * or a card given without a code (an invitation reward). A code is redeemed once: the conditional
 * update that sets `redeemed_at` decides between concurrent redemptions (a deleted account's
 * card keeps it, so its code never works again). Status (§3): 0 held, not
 * activated; 1 activated (its right granted, or its prize on the way).
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 500001 }),
    batchId: integer('batch_id').references(() => giftCardBatches.id),
    codeHash: text('code_hash').unique(),
    codeTail: text('code_tail'),
    product: jsonb('product').$type<GiftProductJson>().notNull(),
    /** code (redeemed), invite (brings_new reward). */
    source: text('source').notNull().default('code'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: integer('status').notNull().default(0),
    redeemedAt: at('redeemed_at'),
    activatedAt: at('activated_at'),
    /** The right's expiry right after activation. */
    rightExpireAt: at('right_expire_at'),
    /** Prizes: the delivery address as chosen (a copy) and how far delivery got. */
    delivery: jsonb('delivery').$type<OrderAddressJson>(),
    /** none, need_address, pending, shipped. */
    deliveryStatus: text('delivery_status').notNull().default('none'),
    createdAt: createdAt(),
  },
  (t) => [
    index('gift_cards_batch_idx').on(t.batchId),
    index('gift_cards_user_idx').on(t.userId, t.redeemedAt),
  ],
);

/**
 * Lifelong-VIP promotions (decision 052), made by operators (`lifelong.savePromo`): what they
 * grant, the status the family reaches (1 first promo, 2 the lottery exchange), the status
 * needed before, whether only a tokenised link may claim it, and its window.
 */
export const lifelongPromos = pgTable('lifelong_promos', {
  code: text('code').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  right: text('right').notNull(),
  /** Days, null for lifetime. */
  days: integer('days'),
  statusAfter: integer('status_after').notNull(),
  requiresStatus: integer('requires_status').notNull().default(0),
  tokenOnly: integer('token_only').notNull().default(0),
  startsAt: at('starts_at').notNull(),
  endsAt: at('ends_at').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** A family's claims of lifelong promotions: once per family and promotion, once per phone. */
export const lifelongClaims = pgTable(
  'lifelong_claims',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    promo: text('promo').notNull(),
    /** `86:13800138000`, hashed: one claim per phone without keeping the number. */
    phoneHash: text('phone_hash').notNull(),
    status: integer('status').notNull(),
    missionType: text('mission_type'),
    tokenId: integer('token_id'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('lifelong_claims_user_promo').on(t.userId, t.promo),
    unique('lifelong_claims_phone_promo').on(t.phoneHash, t.promo),
  ],
);

/** Tokenised promotion links (/act/upgradeLifeVip/{token}): stored hashed, used once. */
export const lifelongTokens = pgTable(
  'lifelong_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    promo: text('promo').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedBy: integer('used_by').references(() => users.id, { onDelete: 'set null' }),
    usedAt: at('used_at'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('lifelong_tokens_promo_idx').on(t.promo)],
);

/**
 * Invitations by QR code (GET /api/v1/promo/brings_new, decision 053): a new family that arrives
 * through an inviter's code credits the inviter once — unique per invitee.
 */
export const promoInvites = pgTable(
  'promo_invites',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    inviterId: integer('inviter_id').references(() => users.id, { onDelete: 'set null' }),
    inviteeId: integer('invitee_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    promotion: text('promotion').notNull(),
    cardId: integer('card_id'),
    createdAt: createdAt(),
  },
  (t) => [index('promo_invites_inviter_idx').on(t.inviterId)],
);
