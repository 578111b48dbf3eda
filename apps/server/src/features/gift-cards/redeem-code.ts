import { createHash } from 'node:crypto';
import { ErrorCode, type TGiftCodeCheck, type TGiftRedeemResult } from '@picbook/contracts';
import { type BatchRefusal, batchRefusal, parseGiftCode } from '@picbook/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { giftCardBatches, giftCards } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { unixSeconds } from '../../platform/time';
import { grantRight, type RightName } from '../rights';
import { type GiftCardRow, presentCard, presentProduct } from './gift-card.presenter';
import { type Guesser, recordWrongGuess, refuseWhenGuessing } from './guess-limits';
import { requireGiftCardMember } from './members';

/** Codes are stored as their SHA-256: 74 random bits leave nothing to try against the hash. */
export const hashGiftCode = (code: string): string =>
  createHash('sha256').update(`picbook-gift:${code}`).digest('hex');

const refusals: Record<BatchRefusal, (typeof ErrorCode)[keyof typeof ErrorCode]> = {
  expired: ErrorCode.GiftCodeExpired,
  revoked: ErrorCode.GiftCodeRevoked,
  notStarted: ErrorCode.GiftCodeNotStarted,
};

/**
 * Before a code is looked up: a member (guests get the login request), the code in canonical
 * form (a typo is 10001 naming gift_code and never counts as a guess), and the guess limits.
 */
async function admitCode(deps: AppDeps, guesser: Guesser, input: string): Promise<string> {
  await requireGiftCardMember(deps.db, guesser.userId);
  const parsed = parseGiftCode(input);
  if (!parsed.ok) {
    throw new AppError(ErrorCode.InvalidParams, parsed.message, { field: 'gift_code' });
  }
  await refuseWhenGuessing(deps, guesser);
  return parsed.code;
}

async function findByCode(db: AppDeps['db'] | Tx, code: string, lock: boolean) {
  const query = db
    .select({ card: giftCards, batch: giftCardBatches })
    .from(giftCards)
    .innerJoin(giftCardBatches, eq(giftCards.batchId, giftCardBatches.id))
    .where(eq(giftCards.codeHash, hashGiftCode(code)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: giftCards }) : await query;
  return row ?? null;
}

function refuseBatch(batch: typeof giftCardBatches.$inferSelect, now: Date): void {
  const refusal = batchRefusal(
    {
      status: batch.status === 'revoked' ? 'revoked' : 'active',
      startsAt: batch.startsAt,
      expiresAt: batch.expiresAt,
    },
    now,
  );
  if (refusal) throw new AppError(refusals[refusal]);
}

/**
 * A code nobody holds is not valid; one another family redeemed (or a deleted account did: its
 * code stays used) says it was used, never by whom. Both count as wrong guesses (issue 40 item 6).
 */
async function refuseWrongCode(deps: AppDeps, guesser: Guesser, used: boolean): Promise<never> {
  await recordWrongGuess(deps, guesser);
  throw new AppError(used ? ErrorCode.GiftCodeUsed : ErrorCode.GiftCodeInvalid);
}

/**
 * GET gift_card/check: what a code gives, without using it; a code this family already redeemed
 * says when (redeemed_at), so it is not offered again.
 */
export async function checkGiftCode(
  deps: AppDeps,
  guesser: Guesser,
  input: string,
): Promise<TGiftCodeCheck> {
  const code = await admitCode(deps, guesser, input);
  const found = await findByCode(deps.db, code, false);
  if (!found) return refuseWrongCode(deps, guesser, false);
  const answer = {
    product: presentProduct(found.card.product),
    redeem_before: unixSeconds(found.batch.expiresAt),
    batch_title: found.batch.title,
  };
  if (found.card.redeemedAt !== null) {
    if (found.card.userId !== guesser.userId) return refuseWrongCode(deps, guesser, true);
    return { ...answer, redeemed_at: unixSeconds(found.card.redeemedAt) };
  }
  refuseBatch(found.batch, deps.clock.now());
  return { ...answer, redeemed_at: null };
}

/**
 * Activates a card inside the caller's transaction (its row locked): a right is granted once
 * (idempotency key per card, decision 033), a prize waits for its address. Status becomes 1.
 */
export async function activateInTx(tx: Tx, card: GiftCardRow, now: Date): Promise<GiftCardRow> {
  if (card.status === 1) return card;
  let rightExpireAt: Date | null = null;
  if (card.product.kind === 'right' && card.userId !== null) {
    const granted = await grantRight(tx, {
      userId: card.userId,
      name: card.product.right as RightName,
      days: card.product.days,
      source: card.batchId ? `gift-card:${card.batchId}` : `gift-card:${card.source}`,
      idempotencyKey: `gift-card:${card.id}`,
      now,
    });
    rightExpireAt = granted.expireAt;
  }
  const [updated] = await tx
    .update(giftCards)
    .set({
      status: 1,
      activatedAt: now,
      rightExpireAt,
      deliveryStatus: card.product.kind === 'prize' ? 'need_address' : 'none',
    })
    .where(eq(giftCards.id, card.id))
    .returning();
  if (!updated) throw new Error(`gift card ${card.id} vanished`);
  return updated;
}

/**
 * POST gift_card/redeem: the code becomes this family's card and is activated at once. Exactly
 * once: the card row is locked and taken with a conditional update (`redeemed_at is null`), so of
 * concurrent redemptions one wins; the other family is told the code was used (16005, not by
 * whom), the same family gets its card back (`repeated`).
 */
export async function redeemGiftCode(
  deps: AppDeps,
  guesser: Guesser,
  input: string,
): Promise<TGiftRedeemResult> {
  const code = await admitCode(deps, guesser, input);
  const outcome = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const found = await findByCode(tx, code, true);
    if (!found) return { wrong: 'unknown' } as const;
    if (found.card.userId === guesser.userId) {
      return { wrong: null, card: found.card, repeated: true } as const;
    }
    // Redeemed stays redeemed, also when the family's account was deleted since (user_id null).
    if (found.card.redeemedAt !== null) return { wrong: 'used' } as const;
    refuseBatch(found.batch, now);
    const [taken] = await tx
      .update(giftCards)
      .set({ userId: guesser.userId, redeemedAt: now })
      .where(and(eq(giftCards.id, found.card.id), isNull(giftCards.redeemedAt)))
      .returning();
    if (!taken) return { wrong: 'used' } as const;
    return { wrong: null, card: await activateInTx(tx, taken, now), repeated: false } as const;
  });
  if (outcome.wrong) return refuseWrongCode(deps, guesser, outcome.wrong === 'used');
  return { card: presentCard(outcome.card), repeated: outcome.repeated };
}
