import { endpoints } from '@picbook/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, newPhone, phoneLogin } from '../../../test/auth-helpers';
import { expectOk } from '../../../test/envelope';
import { importSampleBooks } from '../../../test/speech-kit';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { books } from '../../platform/db/schema';
import { grantRight, revokeRight } from '../rights/grant-right';

/**
 * The per-process caches of decision 078 (reader states, sessions) against the writes that must
 * be seen at once: logout, a right taken back by a refund, progress, a withdrawn book. PGlite here;
 * with TEST_DATABASE_URL the same runs on PostgreSQL, where the feed is live once it listens and a
 * change arrives a moment after its commit (each test waits for it with the feed's `settle`).
 */
const TRIAL = 1101;
const MEMBERS = 1106;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await importSampleBooks(t.database.db, [TRIAL, MEMBERS]);
  // PostgreSQL's feed is live once its LISTEN connection is up; the caches keep nothing before.
  for (let i = 0; i < 200 && !t.database.changes.live; i++)
    await new Promise((resolve) => setTimeout(resolve, 25));
  expect(t.database.changes.live).toBe(true);
});
afterAll(() => t.close());

const getBook = async (token: string, id = MEMBERS) =>
  expectOk(
    await t.app.inject({ url: `/api/v1.1/books/${id}`, headers: auth(token) }),
    endpoints.book,
  );
const levelIds = async (token: string) =>
  expectOk(
    await t.app.inject({ url: '/api/v1.2/learning/level/1', headers: auth(token) }),
    endpoints.levelBooks,
  ).list.map((c) => c.book_info.id);

async function vipUser(source: string) {
  const { access_token: token } = await phoneLogin(t, newPhone());
  const user = expectOk(
    await t.app.inject({ url: '/api/v1/user', headers: auth(token) }),
    endpoints.userInfo,
  );
  await t.database.db.transaction((tx) =>
    grantRight(tx, {
      userId: user.id,
      name: 'vip',
      days: 30,
      source,
      idempotencyKey: `${source}:grant`,
      now: t.clock.now(),
    }),
  );
  await t.database.changes.settle();
  return { token, userId: user.id };
}

/** Sets a book's withdrawal with the triggers off: a write the change feed never hears. */
async function withdrawUnannounced(id: number, withdrawn: boolean) {
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(
      sql`update books set withdrawn_at = ${withdrawn ? sql`now()` : sql`null`} where id = ${id}`,
    );
  });
}

describe('reader-state and session caches (decision 078)', () => {
  it('really serve from the cache: a write that skips the triggers is not seen', async () => {
    const { token } = await vipUser('order:cache-probe');
    expect(await levelIds(token)).toContain(TRIAL);
    await withdrawUnannounced(TRIAL, true);
    try {
      expect(await levelIds(token)).toContain(TRIAL);
    } finally {
      await withdrawUnannounced(TRIAL, false);
      // Announce it by hand, as the trigger would have: the caches start over.
      await t.database.db.execute(sql`select pg_notify('picbook_changes', 'books:*')`);
      await t.database.changes.settle();
    }
  });

  it('a logout is seen at once: the token opens nothing and the user endpoints answer 401', async () => {
    const { token } = await vipUser('order:logout');
    expect((await getBook(token)).pages.length).toBeGreaterThan(0);
    expect((await getBook(token)).pages.length).toBeGreaterThan(0);
    expect((await t.app.inject({ url: '/api/v1/user', headers: auth(token) })).statusCode).toBe(
      200,
    );
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/logout',
      headers: auth(token),
    });
    // No waiting here: the app answers a write only after its feed heard the write's changes.
    expect(out.statusCode, out.body).toBe(200);
    const after = await getBook(token);
    expect(after.pages).toEqual([]);
    expect(after.reading).toBeNull();
    expect((await t.app.inject({ url: '/api/v1/user', headers: auth(token) })).statusCode).toBe(
      401,
    );
  });

  it('a right taken back by a refund closes the members book on the next request', async () => {
    const source = 'order:refund-test';
    const { token, userId } = await vipUser(source);
    expect((await getBook(token)).pages.length).toBeGreaterThan(0);
    await t.database.db.transaction((tx) =>
      revokeRight(tx, { userId, source, idempotencyKey: `${source}:refund`, now: t.clock.now() }),
    );
    await t.database.changes.settle();
    const after = await getBook(token);
    expect(after.pages).toEqual([]);
    expect(after.book_info.lock).toBe(1);
  });

  it('progress written is read back at once', async () => {
    const { token } = await vipUser('order:progress');
    expect((await getBook(token, TRIAL)).reading).toBeNull();
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/v1/user/process/${TRIAL}`,
      headers: auth(token),
      payload: { process: '002', type: 'read' },
    });
    expectOk(saved, endpoints.saveProcess);
    expect((await getBook(token, TRIAL)).reading?.process).toBe('002');
  });

  it('a withdrawn book leaves the level list at once, and comes back when published', async () => {
    const { token } = await vipUser('order:withdraw');
    expect(await levelIds(token)).toContain(TRIAL);
    await t.database.db
      .update(books)
      .set({ withdrawnAt: t.clock.now() })
      .where(sql`${books.id} = ${TRIAL}`);
    await t.database.changes.settle();
    expect(await levelIds(token)).not.toContain(TRIAL);
    await t.database.db.update(books).set({ withdrawnAt: null }).where(sql`${books.id} = ${TRIAL}`);
    await t.database.changes.settle();
    expect(await levelIds(token)).toContain(TRIAL);
  });

  it('an expired token stops at its expiry even while cached', async () => {
    const { token } = await vipUser('order:expiry');
    expect((await getBook(token)).pages.length).toBeGreaterThan(0);
    const now = t.clock.now();
    t.clock.advance(181 * 24 * 3600 * 1000);
    try {
      expect((await getBook(token)).pages).toEqual([]);
      expect((await t.app.inject({ url: '/api/v1/user', headers: auth(token) })).statusCode).toBe(
        401,
      );
    } finally {
      t.clock.set(now);
    }
  });
});
