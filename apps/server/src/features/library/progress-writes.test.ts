import { endpoints } from '@picbook/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../../../test/auth-helpers';
import { expectOk } from '../../../test/envelope';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { Database } from '../../platform/db/client';
import { readingDays, readingProgress, users } from '../../platform/db/schema';
import { importSampleBooks } from './library.test-kit';
import { createProgressWriter, type ProgressStep } from './progress-writes';

/**
 * The progress writer of decision 103: page turns that arrive together share one statement, each
 * is answered only after its commit, and what two writers (two API processes) send about one
 * family's book ends where one statement at a time would have left it. PGlite here; with
 * TEST_DATABASE_URL on PostgreSQL, where two writers' statements really run at once.
 */
const TRIAL = 1101;
const OTHER = 1102;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await importSampleBooks(t.database.db, [TRIAL, OTHER]);
});
afterAll(() => t.close());

async function newUsers(n: number): Promise<number[]> {
  const rows = await t.database.db
    .insert(users)
    .values(Array.from({ length: n }, () => ({})))
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

const NOW = new Date('2026-11-21T02:00:00Z');
const step = (
  userId: number,
  process: string,
  extra: Partial<ProgressStep> = {},
): ProgressStep => ({
  userId,
  bookId: TRIAL,
  process,
  mode: 'read',
  finished: false,
  now: NOW,
  readingDay: '2026-11-21',
  ...extra,
});

/** The database with its statements counted by name. */
function counted(database: Database) {
  const calls: string[] = [];
  return {
    calls,
    database: {
      queryNamed: <T>(name: string, text: string, values: unknown[]) => {
        calls.push(name);
        return database.queryNamed<T>(name, text, values);
      },
    },
  };
}

/** A new guest family's token. */
async function guestToken(label: string): Promise<string> {
  const guest = expectOk(
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/guest_login',
      payload: { device_id: `${label}-${Date.now()}` },
    }),
    endpoints.guestLogin,
  );
  return guest.access_token;
}

const stored = async (userId: number, bookId = TRIAL) =>
  (
    await t.database.db
      .select()
      .from(readingProgress)
      .where(and(eq(readingProgress.userId, userId), eq(readingProgress.bookId, bookId)))
  )[0];

describe('progress writes in batches (decision 103)', () => {
  it('steps of many families that arrive together share one statement, each answered with its row', async () => {
    const ids = await newUsers(30);
    const { calls, database } = counted(t.database);
    const writer = createProgressWriter(database);
    const pages = ids.map((_, i) => String((i % 5) + 1).padStart(3, '0'));
    const rows = await Promise.all(ids.map((id, i) => writer.save(step(id, pages[i] ?? '001'))));
    expect(calls).toEqual(['save-progress-steps']);
    rows.forEach((row, i) => {
      expect(row).toMatchObject({
        userId: ids[i],
        bookId: TRIAL,
        process: pages[i],
        finishCount: 0,
      });
    });
    // Answered after the commit: the rows and the reading days are there for any reader.
    for (const [i, id] of ids.entries()) expect((await stored(id))?.process).toBe(pages[i]);
    const days = await t.database.db.select().from(readingDays);
    expect(days.filter((d) => ids.includes(d.userId))).toHaveLength(30);
  });

  it('a step arriving while a statement is on its way goes in the next one, not alone', async () => {
    const ids = await newUsers(40);
    const { calls, database } = counted(t.database);
    const writer = createProgressWriter(database);
    const first = writer.save(step(ids[0] ?? 0, '001'));
    // Wait until the first statement has left, then send the rest while it is on its way.
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toHaveLength(1);
    const rest = ids.slice(1).map((id) => writer.save(step(id, '002')));
    await Promise.all([first, ...rest]);
    expect(calls).toHaveLength(2);
  });

  it('two steps of one family and book in one batch: the greater page, the last mode, both finishes', async () => {
    const [id = 0] = await newUsers(1);
    const { calls, database } = counted(t.database);
    const writer = createProgressWriter(database);
    const later = new Date(NOW.getTime() + 5_000);
    const answers = await Promise.all([
      writer.save(step(id, '005', { finished: true, mode: 'explain' })),
      writer.save(step(id, '003', { mode: 'cn_read', now: later })),
      writer.save(step(id, '005', { finished: true, now: later })),
    ]);
    expect(calls).toHaveLength(1);
    for (const row of answers)
      expect(row).toMatchObject({ process: '005', mode: 'read', finishCount: 2 });
    expect(await stored(id)).toMatchObject({
      process: '005',
      mode: 'read',
      finishCount: 2,
      firstReadAt: NOW,
      lastReadAt: later,
      finishedAt: NOW,
    });
  });

  it('a step that cannot be written fails alone; its batch-mates are saved', async () => {
    const ids = await newUsers(5);
    const writer = createProgressWriter(t.database);
    const gone = 2_000_000_000;
    const answers = await Promise.allSettled([
      ...ids.map((id) => writer.save(step(id, '004'))),
      writer.save(step(gone, '004')),
    ]);
    expect(answers.slice(0, 5).every((a) => a.status === 'fulfilled')).toBe(true);
    expect(answers[5]?.status).toBe('rejected');
    for (const id of ids) expect((await stored(id))?.process).toBe('004');
  });

  it('a statement that fails is no answer: every step of it is refused (the app keeps it and resends)', async () => {
    const writer = createProgressWriter({
      queryNamed: async () => {
        throw new Error('connection terminated');
      },
    });
    const answers = await Promise.allSettled([
      writer.save(step(1, '002')),
      writer.save(step(2, '003')),
    ]);
    expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected']);
  });

  it('two processes writing one family at once end at the furthest page with every finish counted', async () => {
    const [id = 0] = await newUsers(1);
    const a = createProgressWriter(t.database);
    const b = createProgressWriter(t.database);
    const pages = ['004', '002', '005', '001', '003', '005', '002', '004'];
    const saves: Promise<unknown>[] = [];
    for (const [i, page] of pages.entries()) {
      const writer = i % 2 === 0 ? a : b;
      const bookId = i % 3 === 0 ? OTHER : TRIAL;
      saves.push(writer.save(step(id, page, { bookId, finished: page === '005' })));
      // Spread over several statements of each writer.
      if (i % 3 === 2) await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(saves);
    expect(await stored(id, TRIAL)).toMatchObject({ process: '005', finishCount: 2 });
    expect(await stored(id, OTHER)).toMatchObject({ process: '004', finishCount: 0 });
  });

  it('the route answers with the committed row, read back by the book at once', async () => {
    const token = await guestToken('progress-writes');
    const saves = await Promise.all(
      ['003', '002', '004'].map((process) =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/user/process/${TRIAL}`,
          headers: auth(token),
          payload: { process, type: 'read' },
        }),
      ),
    );
    const furthest = saves.map((r) => expectOk(r, endpoints.saveProcess).process).sort();
    expect(furthest.at(-1)).toBe('004');
    const book = expectOk(
      await t.app.inject({ url: `/api/v1.1/books/${TRIAL}`, headers: auth(token) }),
      endpoints.book,
    );
    expect(book.reading).toMatchObject({ process: '004', page: 4 });
  });

  it('announces what each batch changed before it answers: the rows, and a reading day only when new', async () => {
    const ids = await newUsers(3);
    const announced: string[] = [];
    let answered = 0;
    const writer = createProgressWriter({
      queryNamed: (name, text, values) => t.database.queryNamed(name, text, values),
      changes: {
        announce: (changes) => {
          expect(answered).toBe(0);
          for (const c of changes) if ('table' in c) announced.push(`${c.table}:${c.owner}`);
        },
      },
    });
    const first = ids.map((id) => writer.save(step(id, '002')).then(() => (answered += 1)));
    await Promise.all(first);
    expect(announced.sort()).toEqual(
      ids.flatMap((id) => [`reading_days:${id}`, `reading_progress:${id}`]).sort(),
    );
    // The same day again: the day is noted already, only the rows changed.
    announced.length = 0;
    answered = 0;
    await Promise.all(ids.map((id) => writer.save(step(id, '003')).then(() => (answered += 1))));
    expect(announced.sort()).toEqual(ids.map((id) => `reading_progress:${id}`).sort());
  });

  it('the next read here meets no cache from before the write, with no settle at all', async () => {
    const token = await guestToken('progress-announce');
    const read = async () => {
      const [book, shelf] = await Promise.all([
        t.app.inject({ url: `/api/v1.1/books/${TRIAL}`, headers: auth(token) }),
        t.app.inject({ url: '/api/v1/bookshelf/reading?page=1', headers: auth(token) }),
      ]);
      return {
        book: expectOk(book, endpoints.book).reading,
        shelf: expectOk(shelf, endpoints.bookshelf).list.map((c) => c.reading?.process),
      };
    };
    // The book and the shelf are cached per family before each page turn; then, with the feed's
    // settle made a no-op (on PostgreSQL the write's notification is then still on its way), the
    // write and the reads after it must agree through the writer's announcement alone.
    const settle = t.database.changes.settle;
    for (const process of ['001', '002', '003', '004', '005']) {
      await read();
      await read();
      t.database.changes.settle = async () => {};
      try {
        const saved = await t.app.inject({
          method: 'POST',
          url: `/api/v1/user/process/${TRIAL}`,
          headers: auth(token),
          payload: { process, type: 'read' },
        });
        expect(expectOk(saved, endpoints.saveProcess).process).toBe(process);
        const after = await read();
        expect(after.book).toMatchObject({ process });
        expect(after.shelf).toEqual([process]);
      } finally {
        t.database.changes.settle = settle;
      }
    }
  });
});
