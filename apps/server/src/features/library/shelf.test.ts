import { endpoints } from '@picbook/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, newPhone, phoneLogin } from '../../../test/auth-helpers';
import { expectOk } from '../../../test/envelope';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { importSampleBooks } from './library.test-kit';

/**
 * The library's shelf kept per family (issue 41, decision 112): every table it reads is changed in
 * turn, as another process would (straight to the database, heard through the change feed), and
 * the next call must show it; a table missing from SHELF_TABLES leaves the old page here. The locks
 * follow the clock with no write at all: a membership that runs out closes its books at that
 * second, one that starts opens them. PGlite here; with TEST_DATABASE_URL the same on PostgreSQL.
 */
const TRIAL = 1101;
const STANDARD = 1103;
const MEMBERS = 1106;
const HOUR = 3_600_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await importSampleBooks(t.database.db, [TRIAL, STANDARD, MEMBERS]);
  // PostgreSQL's feed is live once its LISTEN connection is up; the caches keep nothing before.
  for (let i = 0; i < 200 && !t.database.changes.live; i++)
    await new Promise((resolve) => setTimeout(resolve, 25));
  expect(t.database.changes.live).toBe(true);
});
afterAll(() => t.close());

async function newUser() {
  const { access_token: token } = await phoneLogin(t, newPhone());
  const user = expectOk(
    await t.app.inject({ url: '/api/v1/user', headers: auth(token) }),
    endpoints.userInfo,
  );
  return { token, userId: user.id };
}

/** A write by "another process": straight to the database, heard through the feed. */
async function write(query: SQL) {
  await t.database.db.execute(query);
  await t.database.changes.settle();
}

const shelfOf = async (token: string, type = 'recent', query = '') =>
  expectOk(
    await t.app.inject({ url: `/api/v1/bookshelf/${type}${query}`, headers: auth(token) }),
    endpoints.bookshelf,
  );

/** Each card as `id:access code:lock[:process]`, and the shelf's total. */
async function shelf(token: string, type = 'recent') {
  const page = await shelfOf(token, type);
  const cards = page.list.map((c) =>
    [c.book_info.id, c.book_info.access_code, c.book_info.lock, c.reading?.process]
      .filter((x) => x !== undefined)
      .join(':'),
  );
  return { cards, total: page.total };
}

/**
 * The shelf, asked twice: the second answer comes from the cache when the first was kept, so a
 * step whose write the cache missed fails on the answer after it.
 */
async function twice(token: string, type = 'recent') {
  const first = await shelf(token, type);
  expect(await shelf(token, type)).toEqual(first);
  return first;
}

/** The progress write of a page turn, through the API. */
const read = async (token: string, bookId: number, process: string) =>
  expectOk(
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/user/process/${bookId}`,
      headers: auth(token),
      payload: { process, type: 'read' },
    }),
    endpoints.saveProcess,
  );

const at = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();

describe('the shelf cache (decision 112)', () => {
  it('really serves from the cache: a write that skips the triggers is not seen', async () => {
    const { token, userId } = await newUser();
    expect(await twice(token)).toEqual({ cards: [], total: 0 });
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        sql`insert into reading_progress (user_id, book_id, process, mode)
          values (${userId}, ${TRIAL}, '002', 'read')`,
      );
    });
    expect(await shelf(token)).toEqual({ cards: [], total: 0 });
    // Announce it by hand, as the trigger would have.
    await write(sql`select pg_notify('picbook_changes', ${`reading_progress:${userId}`})`);
    expect(await shelf(token)).toEqual({ cards: [`${TRIAL}:23:0:002`], total: 1 });
  });

  it('follows every table it reads, through the cache', async () => {
    const { token, userId } = await newUser();
    expect(await twice(token)).toEqual({ cards: [], total: 0 });
    expect(await twice(token, 'reading')).toEqual({ cards: [], total: 0 });

    // reading_progress through the API: reading a new book puts it on the shelves.
    await read(token, TRIAL, '002');
    expect(await twice(token)).toEqual({ cards: [`${TRIAL}:23:0:002`], total: 1 });
    expect(await twice(token, 'reading')).toEqual({ cards: [`${TRIAL}:23:0:002`], total: 1 });

    // reading_progress by another process: a standard book read an hour earlier, finished.
    await write(
      sql`insert into reading_progress (user_id, book_id, process, mode, finish_count,
          first_read_at, last_read_at, finished_at)
        values (${userId}, ${STANDARD}, '006', 'read', 1, ${at(-HOUR)}::timestamptz,
          ${at(-HOUR)}::timestamptz, ${at(-HOUR)}::timestamptz)`,
    );
    expect(await twice(token)).toEqual({
      cards: [`${TRIAL}:23:0:002`, `${STANDARD}:21:1:006`],
      total: 2,
    });
    expect(await twice(token, 'finished')).toEqual({ cards: [`${STANDARD}:21:1:006`], total: 1 });

    // user_rights: an experience right lets the standard book be unlocked (31), not yet open.
    await write(
      sql`insert into user_rights (user_id, name, vip_type, create_time, expire_time)
        values (${userId}, 'experience', 1, ${at(-HOUR)}::timestamptz, ${at(24 * HOUR)}::timestamptz)`,
    );
    expect((await twice(token)).cards).toEqual([`${TRIAL}:33:0:002`, `${STANDARD}:31:1:006`]);

    // book_unlocks: unlocked with that right, it opens.
    await write(sql`insert into book_unlocks (user_id, book_id) values (${userId}, ${STANDARD})`);
    expect((await twice(token)).cards).toEqual([`${TRIAL}:33:0:002`, `${STANDARD}:31:0:006`]);

    // book_favorites: the members' book on the favourites shelf, locked for this family.
    expect(await twice(token, 'favorites')).toEqual({ cards: [], total: 0 });
    await write(sql`insert into book_favorites (user_id, book_id) values (${userId}, ${MEMBERS})`);
    expect(await twice(token, 'favorites')).toEqual({ cards: [`${MEMBERS}:32:1`], total: 1 });

    // users: as a guest account the codes' tens digit is the experience's still (3), so take the
    // right away first and see the guest digit (1).
    await write(sql`delete from user_rights where user_id = ${userId}`);
    expect((await twice(token)).cards).toEqual([`${TRIAL}:23:0:002`, `${STANDARD}:21:1:006`]);
    await write(sql`update users set is_guest = true where id = ${userId}`);
    expect((await twice(token)).cards).toEqual([`${TRIAL}:13:0:002`, `${STANDARD}:11:1:006`]);

    // books: a standard book made a free trial one opens on every shelf.
    try {
      await write(sql`update books set book_type = 1 where id = ${STANDARD}`);
      expect((await twice(token)).cards).toEqual([`${TRIAL}:13:0:002`, `${STANDARD}:13:0:006`]);
    } finally {
      await write(sql`update books set book_type = 0 where id = ${STANDARD}`);
    }
    expect((await twice(token)).cards).toEqual([`${TRIAL}:13:0:002`, `${STANDARD}:11:1:006`]);

    // reading_progress deleted by another process (a family's data cleared).
    await write(sql`delete from reading_progress where user_id = ${userId}`);
    expect(await twice(token)).toEqual({ cards: [], total: 0 });
  });

  it('a membership that runs out closes its books at that second, with no write', async () => {
    const start = t.clock.now();
    const { token, userId } = await newUser();
    await write(
      sql`insert into user_rights (user_id, name, vip_type, create_time, expire_time)
        values (${userId}, 'vip', 1, ${at(-HOUR)}::timestamptz, ${at(HOUR)}::timestamptz)`,
    );
    await read(token, MEMBERS, '003');
    try {
      expect((await twice(token)).cards).toEqual([`${MEMBERS}:0:0:003`]);
      t.clock.advance(HOUR - 1000);
      expect((await shelf(token)).cards).toEqual([`${MEMBERS}:0:0:003`]);
      t.clock.advance(1000);
      expect((await shelf(token)).cards).toEqual([`${MEMBERS}:22:1:003`]);
      // Renewed (bought again): open on the next call.
      await write(
        sql`update user_rights set expire_time = ${at(30 * 24 * HOUR)}::timestamptz
          where user_id = ${userId} and name = 'vip'`,
      );
      expect((await shelf(token)).cards).toEqual([`${MEMBERS}:0:0:003`]);
    } finally {
      t.clock.set(start);
    }
  });

  it('a school right that starts later opens its books at that second, with no write', async () => {
    const start = t.clock.now();
    const { token, userId } = await newUser();
    await write(
      sql`insert into user_rights (user_id, name, vip_type, create_time, expire_time)
        values (${userId}, 'school_usable', 1, ${at(HOUR)}::timestamptz,
          ${at(48 * HOUR)}::timestamptz)`,
    );
    await write(sql`insert into book_favorites (user_id, book_id) values (${userId}, ${MEMBERS})`);
    try {
      expect((await twice(token, 'favorites')).cards).toEqual([`${MEMBERS}:22:1`]);
      t.clock.advance(HOUR);
      expect((await shelf(token, 'favorites')).cards).toEqual([`${MEMBERS}:0:0`]);
    } finally {
      t.clock.set(start);
    }
  });

  it('pages are kept apart, and a change drops every page of the family', async () => {
    const { token, userId } = await newUser();
    await write(
      sql`insert into reading_progress (user_id, book_id, process, mode, last_read_at)
        values (${userId}, ${TRIAL}, '002', 'read', ${at(0)}::timestamptz),
          (${userId}, ${STANDARD}, '004', 'read', ${at(-HOUR)}::timestamptz)`,
    );
    const ids = async (query: string) =>
      (await shelfOf(token, 'recent', query)).list.map((c) => c.book_info.id);
    for (let i = 0; i < 2; i++) {
      expect(await ids('?page=1&page_size=1')).toEqual([TRIAL]);
      expect(await ids('?page=2&page_size=1')).toEqual([STANDARD]);
      expect(await ids('')).toEqual([TRIAL, STANDARD]);
    }
    await write(
      sql`update reading_progress set last_read_at = ${at(HOUR)}::timestamptz
        where user_id = ${userId} and book_id = ${STANDARD}`,
    );
    expect(await ids('?page=1&page_size=1')).toEqual([STANDARD]);
    expect(await ids('?page=2&page_size=1')).toEqual([TRIAL]);
    expect(await ids('')).toEqual([STANDARD, TRIAL]);
  });
});
