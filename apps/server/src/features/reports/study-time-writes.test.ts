import { creditedStudySeconds } from '@picbook/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { Database } from '../../platform/db/client';
import { studyTime, users } from '../../platform/db/schema';
import { createStudyTimeWriter, type StudyTimeReport } from './study-time-writes';

/**
 * The study-time writer of decision 109: reports that arrive together share one statement, each
 * answered after its commit with what the domain rule (creditedStudySeconds) gives; of a
 * family's reports at once (in one batch or in two writers, as two API processes) only one is
 * credited the time that passed; a batch that fails is split. PGlite here; with
 * TEST_DATABASE_URL on PostgreSQL, where two writers' statements really run at once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NOW = new Date('2026-11-21T02:00:00Z');
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

async function newUsers(n: number): Promise<number[]> {
  const rows = await t.database.db
    .insert(users)
    .values(Array.from({ length: n }, () => ({})))
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

const report = (
  userId: number,
  seconds = 30,
  extra: Partial<StudyTimeReport> = {},
): StudyTimeReport => ({ userId, bookId: 0, kind: 'read', seconds, ...extra });

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

const totals = async (ids: number[]) => {
  const rows = await t.database.db.select().from(studyTime).where(inArray(studyTime.userId, ids));
  const byUser = new Map<number, number>();
  for (const r of rows) byUser.set(r.userId, (byUser.get(r.userId) ?? 0) + r.seconds);
  return byUser;
};

describe('the statement credits what the domain rule gives', () => {
  // [reported, seconds since the family's last report that added time (null: none)]
  const cases: Array<[number, number | null]> = [
    [30, null],
    [3600, null],
    [0, null],
    [30, 30],
    [30, 10],
    [30, 0.25],
    [30, 0],
    [30, -5],
    [3600, 200],
    [120, 119.5],
    [0, 60],
  ];
  it.each(cases)('%s s reported, %s s after the last', async (reported, elapsed) => {
    const [id = 0] = await newUsers(1);
    let now = NOW;
    const writer = createStudyTimeWriter(t.database, () => now);
    if (elapsed !== null) {
      expect(await writer.report(report(id, 60))).toBe(60);
      now = at(elapsed);
    }
    const expected = creditedStudySeconds(reported, elapsed);
    expect(await writer.report(report(id, reported))).toBeCloseTo(expected, 6);
    expect((await totals([id])).get(id) ?? 0).toBeCloseTo(
      (elapsed === null ? 0 : 60) + expected,
      3,
    );
  });

  it('a report that added nothing leaves the clock: the next counts from the last that added', async () => {
    const [id = 0] = await newUsers(1);
    let now = NOW;
    const writer = createStudyTimeWriter(t.database, () => now);
    expect(await writer.report(report(id, 30))).toBe(30);
    now = at(20);
    expect(await writer.report(report(id, 0))).toBe(0);
    now = at(40);
    expect(await writer.report(report(id, 60))).toBe(40);
  });
});

describe('study-time writes in batches (decision 109)', () => {
  it('reports of many families that arrive together share one statement, answered after it', async () => {
    const ids = await newUsers(30);
    const { calls, database } = counted(t.database);
    const writer = createStudyTimeWriter(database, () => NOW);
    const added = await Promise.all(ids.map((id, i) => writer.report(report(id, 10 + i))));
    expect(calls).toEqual(['credit-study-time']);
    expect(added).toEqual(ids.map((_, i) => 10 + i));
    // Committed before the answers: any reader sees them.
    const byUser = await totals(ids);
    expect(ids.map((id) => byUser.get(id))).toEqual(ids.map((_, i) => 10 + i));
  });

  it('a report arriving while a statement is on its way goes in the next one, with the others', async () => {
    const ids = await newUsers(40);
    const { calls, database } = counted(t.database);
    const writer = createStudyTimeWriter(database, () => NOW);
    const first = writer.report(report(ids[0] ?? 0));
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toHaveLength(1);
    const rest = ids.slice(1).map((id) => writer.report(report(id)));
    await Promise.all([first, ...rest]);
    expect(calls).toHaveLength(2);
  });

  it('two reports of one family at once: the second waits for the next statement and adds nothing', async () => {
    const [id = 0, other = 0] = await newUsers(2);
    const { calls, database } = counted(t.database);
    const writer = createStudyTimeWriter(database, () => NOW);
    const answers = await Promise.all([
      writer.report(report(id, 30)),
      writer.report(report(other, 30)),
      writer.report(report(id, 30, { kind: 'words' })),
    ]);
    expect(answers).toEqual([30, 30, 0]);
    expect(calls).toHaveLength(2);
    expect((await totals([id])).get(id)).toBe(30);
  });

  it('fifty reports of each of ten families through two writers at once: one report’s worth each', async () => {
    const ids = await newUsers(10);
    // Open the pool's connections first, so that the two writers' statements overlap.
    await Promise.all(ids.map(() => t.database.db.select().from(users).limit(1)));
    let clock = NOW.getTime();
    // Each batch reads the clock: a little later each time.
    const now = () => {
      clock += 5;
      return new Date(clock);
    };
    const a = createStudyTimeWriter(t.database, now);
    const b = createStudyTimeWriter(t.database, now);
    const answers = await Promise.all(
      ids.map((id) =>
        Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? a : b).report(report(id, 3600)))),
      ),
    );
    const byUser = await totals(ids);
    ids.forEach((id, k) => {
      const mine = answers[k] ?? [];
      const credited = mine.reduce((s, n) => s + n, 0);
      expect(byUser.get(id)).toBeCloseTo(credited, 3);
      // The first is credited 120 s (no earlier report); every later one at most the time
      // that passed since the last that added: never the same time twice.
      expect(mine.filter((n) => n === 120)).toHaveLength(1);
      expect(credited).toBeLessThan(121);
    });
  });

  it('a report that cannot be written fails alone; its batch-mates are saved', async () => {
    const [odd = 0, ...ids] = await newUsers(6);
    const writer = createStudyTimeWriter(t.database, () => NOW);
    const answers = await Promise.allSettled([
      ...ids.map((id) => writer.report(report(id))),
      // A NUL byte is no PostgreSQL text: the batch fails, then this report alone.
      writer.report(report(odd, 30, { kind: 'read\u0000' })),
      // A family deleted meanwhile: its clock row cannot be written.
      writer.report(report(2_000_000_000)),
    ]);
    expect(answers.map((a) => a.status)).toEqual([
      ...Array(5).fill('fulfilled'),
      'rejected',
      'rejected',
    ]);
    const byUser = await totals([odd, ...ids]);
    for (const id of ids) expect(byUser.get(id)).toBe(30);
    expect(byUser.get(odd)).toBeUndefined();
  });

  it('a statement that fails is no answer: every report of it is refused, nothing credited', async () => {
    const [id = 0] = await newUsers(1);
    const writer = createStudyTimeWriter(
      {
        queryNamed: async () => {
          throw new Error('connection terminated');
        },
      },
      () => NOW,
    );
    const answers = await Promise.allSettled([
      writer.report(report(id)),
      writer.report(report(id)),
    ]);
    expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected']);
    expect(await t.database.db.select().from(studyTime).where(eq(studyTime.userId, id))).toEqual(
      [],
    );
  });
});
