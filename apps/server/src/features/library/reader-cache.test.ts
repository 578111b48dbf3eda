import { endpoints } from '@picbook/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, newPhone, phoneLogin } from '../../../test/auth-helpers';
import { expectOk } from '../../../test/envelope';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { books } from '../../platform/db/schema';
import { grantRight, revokeRight } from '../rights';
import { importSampleBooks } from './library.test-kit';

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

describe('the user info cache (issue 41)', () => {
  const userInfo = async (token: string) =>
    expectOk(await t.app.inject({ url: '/api/v1/user', headers: auth(token) }), endpoints.userInfo);
  /** A write by "another process": straight to the database, heard through the feed. */
  const write = async (query: ReturnType<typeof sql>) => {
    await t.database.db.execute(query);
    await t.database.changes.settle();
  };

  it('serves from the cache: a balance set with the triggers off is not seen', async () => {
    const { token, userId } = await vipUser('order:user-info-probe');
    expect((await userInfo(token)).coins).toBe(0);
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        sql`insert into user_balances (user_id, coins) values (${userId}, 7)
          on conflict (user_id) do update set coins = 7`,
      );
    });
    expect((await userInfo(token)).coins).toBe(0);
    await write(sql`select pg_notify('picbook_changes', ${`user_balances:${userId}`})`);
    expect((await userInfo(token)).coins).toBe(7);
  });

  it('sees at once a change of every table it reads, written by anyone', async () => {
    const { token, userId } = await vipUser('order:user-info');
    const before = await userInfo(token);
    expect(before).toMatchObject({ coins: 0, vip: 1, done_courses: 0 });
    expect(before.learning_records.sp_extensive).toBe(0);

    await write(
      sql`insert into user_balances (user_id, coins) values (${userId}, 12)
        on conflict (user_id) do update set coins = 12`,
    );
    expect((await userInfo(token)).coins).toBe(12);

    await write(sql`update users set level = 3 where id = ${userId}`);
    expect((await userInfo(token)).level).toBe(3);

    await write(
      sql`insert into reading_progress (user_id, book_id, process, mode, finish_count,
          first_read_at, last_read_at, finished_at)
        values (${userId}, ${TRIAL}, '003', 'read', 1, now(), now(), now())`,
    );
    expect((await userInfo(token)).learning_records.sp_extensive).toBe(1);

    const yesterday = new Date(t.clock.now().getTime() - 86_400_000).toISOString();
    await write(sql`update user_rights set expire_time = ${yesterday}::timestamptz
      where user_id = ${userId}`);
    expect((await userInfo(token)).vip).toBe(0);

    // The progress write every page makes drops it too (through the API this time).
    await write(sql`delete from reading_progress where user_id = ${userId}`);
    expect((await userInfo(token)).learning_records.sp_extensive).toBe(0);
    expectOk(
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/user/process/${TRIAL}`,
        headers: auth(token),
        payload: { process: '003', type: 'read', finished: 1 },
      }),
      endpoints.saveProcess,
    );
    expect((await userInfo(token)).learning_records.sp_extensive).toBe(1);
  });
});

describe('the settings cache (issue 41)', () => {
  const settings = async (token: string) =>
    expectOk(
      await t.app.inject({ url: '/api/v1/user/storages?group=setting', headers: auth(token) }),
      endpoints.getStorages,
    ).list;

  it('answers a save with what was saved, and sees another process write at once', async () => {
    const { token, userId } = await vipUser('order:settings');
    expect(await settings(token)).toEqual([]);
    const saved = expectOk(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/user/storages',
        headers: auth(token),
        payload: { group: 'setting', list: [{ key: 'eye_shield', value: '15' }] },
      }),
      endpoints.saveStorages,
    );
    expect(saved.list).toEqual([{ key: 'eye_shield', value: '15', group: 'setting' }]);
    expect(await settings(token)).toEqual(saved.list);
    await t.database.db.execute(
      sql`update user_settings set value = '25' where user_id = ${userId}`,
    );
    await t.database.changes.settle();
    expect((await settings(token))[0]?.value).toBe('25');
  });
});
