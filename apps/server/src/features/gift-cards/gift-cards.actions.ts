import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@picbook/contracts';
import { formatGiftCode, giftCodeTail, makeGiftCode, RIGHT_NAMES } from '@picbook/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type GiftProductJson, giftCardBatches, giftCards } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { defineOperatorAction } from '../../platform/ops/operator-action';
import { unixSeconds } from '../../platform/time';
import { hashGiftCode } from './redeem-code';

/** Most codes one batch may have (a larger print run is several batches). */
export const MAX_BATCH_CODES = 10_000;
const INSERT_CHUNK = 500;

const ZProduct = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('right'),
    right: z.enum(RIGHT_NAMES),
    days: z.union([z.number().int().min(1).max(3660), z.literal('life')]),
  }),
  z.object({ kind: z.literal('prize'), title: z.string().trim().min(1).max(40) }),
]);

const ZCreateBatch = z
  .object({
    title: z.string().trim().min(1).max(40),
    /** Who hands the codes out: a school, a promotion, a shop … */
    channel: z.string().regex(/^[A-Za-z0-9_.:-]{1,40}$/, 'channel: letters, digits, _ . : -'),
    product: ZProduct,
    count: z.number().int().min(1).max(MAX_BATCH_CODES),
    /** Unix seconds; redeemable until then. */
    expires_at: z.number().int().min(1),
    starts_at: z.number().int().min(1).nullable().default(null),
  })
  .refine((b) => b.starts_at === null || b.starts_at < b.expires_at, {
    message: 'starts_at must be before expires_at',
    path: ['starts_at'],
  });

/**
 * A batch of gift-card codes (decision 051): random codes with a check character, stored only
 * as hashes. The codes are in this action's answer and nowhere else — the audit row keeps the
 * batch, not its codes — so the operator saves them (a print file) from the answer.
 */
export const createBatchAction = defineOperatorAction({
  name: 'giftcards.createBatch',
  summary: 'Make a batch of single-use gift-card codes for a right (days or life) or a prize',
  roles: ['commerce'],
  input: ZCreateBatch,
  async run({ tx, input, operator, now }) {
    const expiresAt = new Date(input.expires_at * 1000);
    if (expiresAt.getTime() <= now.getTime()) {
      throw new AppError(ErrorCode.InvalidParams, 'expires_at 必须晚于现在', {
        field: 'expires_at',
      });
    }
    const product = input.product as GiftProductJson;
    const [batch] = await tx
      .insert(giftCardBatches)
      .values({
        title: input.title,
        channel: input.channel,
        product,
        count: input.count,
        startsAt: input.starts_at ? new Date(input.starts_at * 1000) : null,
        expiresAt,
        createdBy: operator.name,
        createdAt: now,
      })
      .returning();
    if (!batch) throw new Error('batch not written');
    const codes = new Set<string>();
    while (codes.size < input.count) codes.add(makeGiftCode((n) => randomBytes(n)));
    const all = [...codes];
    for (let i = 0; i < all.length; i += INSERT_CHUNK) {
      await tx.insert(giftCards).values(
        all.slice(i, i + INSERT_CHUNK).map((code) => ({
          batchId: batch.id,
          codeHash: hashGiftCode(code),
          codeTail: giftCodeTail(code),
          product,
          createdAt: now,
        })),
      );
    }
    const summary = {
      batch_id: batch.id,
      title: batch.title,
      channel: batch.channel,
      product,
      count: batch.count,
      expires_at: unixSeconds(expiresAt),
    };
    return {
      result: { ...summary, codes: all.map(formatGiftCode) },
      target: `gift-batch:${batch.id}`,
      before: null,
      after: summary,
    };
  },
});

/**
 * Stops a batch (codes leaked, a school cancelled): its unused codes answer "withdrawn". What
 * was redeemed stays granted; a refund of those is a separate decision for each family.
 */
export const revokeBatchAction = defineOperatorAction({
  name: 'giftcards.revokeBatch',
  summary: 'Withdraw a batch: its unused codes stop working (redeemed ones stay)',
  roles: ['commerce'],
  needsReason: true,
  input: z.object({ batch_id: z.number().int().min(1) }),
  async run({ tx, input, now }) {
    const [before] = await tx
      .select()
      .from(giftCardBatches)
      .where(eq(giftCardBatches.id, input.batch_id))
      .for('update');
    if (!before) throw new AppError(ErrorCode.RecordNotFound, '批次不存在');
    await tx
      .update(giftCardBatches)
      .set({ status: 'revoked', revokedAt: now })
      .where(eq(giftCardBatches.id, input.batch_id));
    const [unused] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(giftCards)
      .where(and(eq(giftCards.batchId, input.batch_id), isNull(giftCards.redeemedAt)));
    return {
      result: { batch_id: input.batch_id, status: 'revoked', unused: unused?.n ?? 0 },
      target: `gift-batch:${input.batch_id}`,
      before: { status: before.status },
      after: { status: 'revoked' },
    };
  },
});

/**
 * Prizes waiting to be sent: cards whose family chose an address (personal data, so with a
 * reason), oldest first.
 */
export const pendingPrizesAction = defineOperatorAction({
  name: 'giftcards.pendingPrizes',
  summary: 'Prize cards with a delivery address, waiting to be shipped (oldest first)',
  roles: ['commerce', 'support'],
  needsReason: true,
  input: z.object({ limit: z.number().int().min(1).max(500).default(100) }),
  async run({ tx, input }) {
    const rows = await tx
      .select()
      .from(giftCards)
      .where(eq(giftCards.deliveryStatus, 'pending'))
      .orderBy(asc(giftCards.redeemedAt))
      .limit(input.limit);
    return {
      result: {
        list: rows.map((r) => ({
          card_id: r.id,
          batch_id: r.batchId,
          prize: r.product.kind === 'prize' ? r.product.title : '',
          address: r.delivery,
          redeemed_at: r.redeemedAt ? unixSeconds(r.redeemedAt) : null,
        })),
      },
      target: null,
    };
  },
});

/** A prize was handed to the courier: the family's gift list says so. */
export const markShippedAction = defineOperatorAction({
  name: 'giftcards.markShipped',
  summary: 'Mark a prize card as shipped (its family sees 已发货)',
  roles: ['commerce', 'support'],
  input: z.object({ card_id: z.number().int().min(1) }),
  async run({ tx, input }) {
    const [row] = await tx
      .update(giftCards)
      .set({ deliveryStatus: 'shipped' })
      .where(and(eq(giftCards.id, input.card_id), eq(giftCards.deliveryStatus, 'pending')))
      .returning({ id: giftCards.id });
    if (!row) throw new AppError(ErrorCode.NotAllowed, '该奖品没有待发货的地址');
    return {
      result: { card_id: input.card_id, delivery_status: 'shipped' },
      target: `gift-card:${input.card_id}`,
      before: { delivery_status: 'pending' },
      after: { delivery_status: 'shipped' },
    };
  },
});

export const giftCardActions = [
  createBatchAction,
  revokeBatchAction,
  pendingPrizesAction,
  markShippedAction,
];
