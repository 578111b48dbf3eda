import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { ledgerEntries, userBalances } from '../db/schema';

export type Currency = 'coins' | 'credits' | 'diamonds' | 'points';
export type Balances = Record<Currency, number>;
const CURRENCIES: readonly Currency[] = ['coins', 'credits', 'diamonds', 'points'];

export interface LedgerLine {
  currency: Currency;
  /** Positive to credit, negative to debit; zero lines are skipped. */
  delta: number;
}

export interface PostingInput {
  userId: number;
  lines: readonly LedgerLine[];
  /** What the money is for (finish:1101:read …); kept on every entry. */
  reason: string;
  /**
   * The business event. Each line's entry key is `${key}:${currency}`: the same event posted
   * twice, concurrently or after a crash, pays once.
   */
  idempotencyKey: string;
}

export interface PostingResult {
  /** False when this event had been posted already (nothing changed now). */
  applied: boolean;
  balances: Balances;
}

/** The event was posted already: nothing changed. */
export class AlreadyPostedError extends Error {
  constructor(readonly idempotencyKey: string) {
    super(`ledger event ${idempotencyKey} was posted already`);
    this.name = 'AlreadyPostedError';
  }
}

const ZERO: Balances = { coins: 0, credits: 0, diamonds: 0, points: 0 };

export async function readBalances(db: DbOrTx, userId: number): Promise<Balances> {
  const rows = await db.select().from(userBalances).where(eq(userBalances.userId, userId)).limit(1);
  const row = rows[0];
  return row
    ? { coins: row.coins, credits: row.credits, diamonds: row.diamonds, points: row.points }
    : { ...ZERO };
}

/**
 * Posts one business event to the append-only ledger and the balances in one transaction.
 * Balances change only here. A repeated event (same idempotency key) changes nothing and
 * answers `applied: false`; a debit below zero is refused by the balance check constraint and
 * throws, leaving nothing half-done.
 */
export async function post(db: Db, input: PostingInput): Promise<PostingResult> {
  const lines = input.lines.filter((l) => l.delta !== 0);
  const keys = lines.map((l) => `${input.idempotencyKey}:${l.currency}`);
  if (lines.length === 0) return { applied: false, balances: await readBalances(db, input.userId) };
  // Cheap early answer for the common repeat (the unique key below is the real guard).
  const seen = await db
    .select({ key: ledgerEntries.idempotencyKey })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.idempotencyKey, keys))
    .limit(1);
  if (seen.length > 0) return { applied: false, balances: await readBalances(db, input.userId) };
  try {
    const balances = await db.transaction((tx) => postInTransaction(tx, input));
    return { applied: true, balances };
  } catch (error) {
    if (error instanceof AlreadyPostedError) {
      return { applied: false, balances: await readBalances(db, input.userId) };
    }
    throw error;
  }
}

/**
 * The posting inside the caller's transaction (when the payment must commit or roll back with
 * other writes). Throws {@link AlreadyPostedError} when the event was posted before; the
 * caller's transaction must then roll back.
 */
export async function postInTransaction(tx: Tx, input: PostingInput): Promise<Balances> {
  const lines = input.lines.filter((l) => l.delta !== 0);
  await tx.insert(userBalances).values({ userId: input.userId }).onConflictDoNothing();
  let after: Balances = await readBalances(tx, input.userId);
  for (const line of lines) {
    const column = userBalances[line.currency];
    const updated = await tx
      .update(userBalances)
      .set({ [line.currency]: sql`${column} + ${line.delta}` })
      .where(eq(userBalances.userId, input.userId))
      .returning();
    const row = updated[0];
    if (!row) throw new Error('balance row missing');
    after = { coins: row.coins, credits: row.credits, diamonds: row.diamonds, points: row.points };
    try {
      await tx.insert(ledgerEntries).values({
        userId: input.userId,
        currency: line.currency,
        delta: line.delta,
        balanceAfter: after[line.currency],
        reason: input.reason,
        idempotencyKey: `${input.idempotencyKey}:${line.currency}`,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AlreadyPostedError(input.idempotencyKey);
      throw error;
    }
  }
  return after;
}

/** Has this business event been posted (any currency)? */
export async function wasPosted(db: DbOrTx, idempotencyKey: string): Promise<boolean> {
  const rows = await db
    .select({ key: ledgerEntries.idempotencyKey })
    .from(ledgerEntries)
    .where(
      inArray(
        ledgerEntries.idempotencyKey,
        CURRENCIES.map((c) => `${idempotencyKey}:${c}`),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
