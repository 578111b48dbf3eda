import { endpoints } from '@picbook/contracts';
import { chinaDayEnd, LIFETIME_EXPIRY } from '@picbook/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../../../test/envelope';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { rightGrants, userRights } from '../../platform/db/schema';
import { grantRight, revokeRight } from './grant-right';

/**
 * grantRight / revokeRight, the one way other areas (points mall, gift cards) change rights
 * (decision 033). Concurrency on PostgreSQL with TEST_DATABASE_URL; PGlite runs them in turn.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
let seq = 0;
async function newUser(): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/guest_login',
    payload: { device_id: `rights-${process.pid}-${++seq}-${Date.now()}` },
  });
  return expectOk(res, endpoints.guestLogin).user.id;
}
const grant = (userId: number, key: string, days: number | 'life' = 7, source = key) =>
  t.database.db.transaction((tx) =>
    grantRight(tx, { userId, name: 'vip', days, source, idempotencyKey: key, now: t.clock.now() }),
  );
const rightOf = async (userId: number, name = 'vip') =>
  (
    await t.database.db
      .select()
      .from(userRights)
      .where(and(eq(userRights.userId, userId), eq(userRights.name, name)))
  )[0];

describe('grantRight', () => {
  it('50 concurrent grants of one business event grant once', async () => {
    const userId = await newUser();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => grant(userId, `points-order:${userId}`)),
    );
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    const expected = chinaDayEnd(new Date(t.clock.now().getTime() + 7 * DAY));
    expect(results.every((r) => r.expireAt.getTime() === expected.getTime())).toBe(true);
    expect((await rightOf(userId))?.expireTime).toEqual(expected);
    const rows = await t.database.db
      .select()
      .from(rightGrants)
      .where(eq(rightGrants.userId, userId));
    expect(rows).toHaveLength(1);
  });

  it('50 concurrent grants of different events all count, one after another', async () => {
    const userId = await newUser();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => grant(userId, `gift-card:${userId}:${i}`, 3)),
    );
    expect(results.filter((r) => r.applied)).toHaveLength(50);
    const first = chinaDayEnd(new Date(t.clock.now().getTime() + 3 * DAY));
    expect((await rightOf(userId))?.expireTime).toEqual(new Date(first.getTime() + 49 * 3 * DAY));
    const rows = await t.database.db
      .select()
      .from(rightGrants)
      .where(eq(rightGrants.userId, userId));
    expect(rows).toHaveLength(50);
  });

  it('lifetime: vip_type 2 and the lifetime expiry; revoking it falls back to the days', async () => {
    const userId = await newUser();
    await grant(userId, `a:${userId}`, 31, 'order:a');
    await grant(userId, `b:${userId}`, 'life', 'order:b');
    expect(await rightOf(userId)).toMatchObject({
      vipType: 2,
      expireTime: LIFETIME_EXPIRY,
      source: 'order:b',
    });
    const revoked = await t.database.db.transaction((tx) =>
      revokeRight(tx, {
        userId,
        source: 'order:b',
        idempotencyKey: `refund-b:${userId}`,
        now: t.clock.now(),
      }),
    );
    expect(revoked.applied).toBe(true);
    expect(await rightOf(userId)).toMatchObject({
      vipType: 1,
      expireTime: chinaDayEnd(new Date(t.clock.now().getTime() + 31 * DAY)),
    });
    // Again: nothing left to revoke.
    const again = await t.database.db.transaction((tx) =>
      revokeRight(tx, {
        userId,
        source: 'order:b',
        idempotencyKey: `refund-b2:${userId}`,
        now: t.clock.now(),
      }),
    );
    expect(again.applied).toBe(false);
  });

  it('keeps what a right had before its first recorded grant (a seeded or older right)', async () => {
    const userId = await newUser();
    const seeded = chinaDayEnd(new Date(t.clock.now().getTime() + 10 * DAY));
    await t.database.db
      .insert(userRights)
      .values({ userId, name: 'vip', vipType: 1, createTime: t.clock.now(), expireTime: seeded });
    await grant(userId, `c:${userId}`, 5, 'order:c');
    expect((await rightOf(userId))?.expireTime).toEqual(new Date(seeded.getTime() + 5 * DAY));
    await t.database.db.transaction((tx) =>
      revokeRight(tx, {
        userId,
        source: 'order:c',
        idempotencyKey: `refund-c:${userId}`,
        now: t.clock.now(),
      }),
    );
    expect((await rightOf(userId))?.expireTime).toEqual(seeded);
  });

  it('50 concurrent revocations of one grant (a refund from two sides, each its own key) revoke once', async () => {
    const userId = await newUser();
    await grant(userId, `e:${userId}`, 31, 'order:e');
    await grant(userId, `f:${userId}`, 5, 'order:f');
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.database.db.transaction((tx) =>
          revokeRight(tx, {
            userId,
            source: 'order:e',
            idempotencyKey: `refund-e:${userId}:${i}`,
            now: t.clock.now(),
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    const rows = await t.database.db
      .select()
      .from(rightGrants)
      .where(eq(rightGrants.userId, userId));
    expect(rows.filter((g) => g.kind === 'revoke')).toHaveLength(1);
    // What is left: the 5 days of order:f, counted from its own grant.
    expect((await rightOf(userId))?.expireTime).toEqual(
      chinaDayEnd(new Date(t.clock.now().getTime() + 5 * DAY)),
    );
  });

  it('a revoked right with nothing left ends now', async () => {
    const userId = await newUser();
    await grant(userId, `d:${userId}`, 5, 'order:d');
    await t.database.db.transaction((tx) =>
      revokeRight(tx, {
        userId,
        source: 'order:d',
        idempotencyKey: `refund-d:${userId}`,
        now: t.clock.now(),
      }),
    );
    expect((await rightOf(userId))?.expireTime).toEqual(t.clock.now());
  });
});
