import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-db';
import type { Database } from '../db/client';
import { ledgerEntries, users } from '../db/schema';
import { post, readBalances } from './ledger';

let database: Database;
let userId: number;
beforeAll(async () => {
  database = await createTestDatabase();
  const [user] = await database.db.insert(users).values({}).returning({ id: users.id });
  userId = user?.id ?? 0;
});
afterAll(() => database.close());

describe('ledger post', () => {
  it('credits several currencies once per event, with balance_after on each entry', async () => {
    const event = {
      userId,
      reason: 'finish:1101:read',
      idempotencyKey: `finish:${userId}:1101:read:u1`,
    };
    const first = await post(database.db, {
      ...event,
      lines: [
        { currency: 'coins', delta: 5 },
        { currency: 'credits', delta: 2 },
      ],
    });
    expect(first).toEqual({
      applied: true,
      balances: { coins: 5, credits: 2, diamonds: 0, points: 0 },
    });
    const again = await post(database.db, { ...event, lines: [{ currency: 'coins', delta: 5 }] });
    expect(again).toEqual({
      applied: false,
      balances: { coins: 5, credits: 2, diamonds: 0, points: 0 },
    });
    const rows = await database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId));
    expect(rows.map((r) => [r.currency, r.delta, r.balanceAfter])).toEqual([
      ['coins', 5, 5],
      ['credits', 2, 2],
    ]);
  });

  it('20 concurrent posts of one event pay once', async () => {
    const before = await readBalances(database.db, userId);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(database.db, {
          userId,
          reason: 'share:1101',
          idempotencyKey: `share:${userId}:1101:read`,
          lines: [{ currency: 'coins', delta: 3 }],
        }),
      ),
    );
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect((await readBalances(database.db, userId)).coins).toBe(before.coins + 3);
  });

  it('refuses a debit below zero and changes nothing', async () => {
    const before = await readBalances(database.db, userId);
    await expect(
      post(database.db, {
        userId,
        reason: 'spend',
        idempotencyKey: `spend:${userId}:1`,
        lines: [
          { currency: 'credits', delta: 1 },
          { currency: 'coins', delta: -(before.coins + 1) },
        ],
      }),
    ).rejects.toThrow();
    expect(await readBalances(database.db, userId)).toEqual(before);
  });

  it('zero lines post nothing', async () => {
    const result = await post(database.db, {
      userId,
      reason: 'nothing',
      idempotencyKey: `nothing:${userId}`,
      lines: [{ currency: 'coins', delta: 0 }],
    });
    expect(result.applied).toBe(false);
  });
});
