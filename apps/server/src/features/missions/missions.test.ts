import { endpoints, type TMission } from '@picbook/contracts';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../test/envelope';
import { type MallKit, type Member, startMallKit } from '../../../test/mall-kit';
import { operatorToken, runAction } from '../../../test/ops-kit';
import {
  books,
  camps,
  courseProgress,
  courseReports,
  courses,
  ledgerEntries,
  readingDays,
  users,
  works,
} from '../../platform/db/schema';
import { readBalances } from '../../platform/ledger/ledger';
import { importSampleBooks } from '../library/library.test-kit';
import { seedCamps } from './seed-camps';

/**
 * Growth missions from real activity (reading through the books API), paid once on the ledger
 * even under 50 concurrent collects, a bulk collect, footprints; camps: 43100 when not joined,
 * calendars across a month boundary in China time, the finishing reward once. Runs on PGlite,
 * and on PostgreSQL with TEST_DATABASE_URL (where the concurrency is real).
 */
let kit: MallKit;
let opsToken: string;

beforeAll(async () => {
  kit = await startMallKit();
  await importSampleBooks(kit.t.database.db, [1101, 1102, 1103, 1104, 1105, 1106, 1201]);
  opsToken = await operatorToken(kit.t, ['content']);
});
afterAll(() => kit.close());
// Saturday 21 November 2026, 10:00 in China.
beforeEach(() => kit.t.clock.set(new Date('2026-11-21T02:00:00Z')));

const missions = async (m: Member) =>
  expectOk(await kit.get('/api/v1/user/missions', m), endpoints.missions);
const mission = async (m: Member, innerId: string): Promise<TMission> => {
  const found = (await missions(m)).list.find((x) => x.inner_id === innerId);
  if (!found) throw new Error(`no mission ${innerId}`);
  return found;
};
const finishBook = async (m: Member, bookId: number) =>
  expectOk(
    await kit.post(`/api/v1/user/process/${bookId}`, m, {
      process: '005',
      type: 'read',
      finished: 1,
    }),
    endpoints.saveProcess,
  );
const collect = (m: Member, id: number) => kit.post(`/api/v1/user/missions/${id}`, m);
const footprints = async (m: Member, level = 1) =>
  expectOk(await kit.get(`/api/v1/user/footprints?level=${level}`, m), endpoints.footprints);

describe('growth missions', () => {
  it('come from real activity: open, finished after reading, collected once', async () => {
    const m = await kit.member();
    const before = await missions(m);
    expect(before.list.map((x) => [x.inner_id, x.type, x.status])).toEqual([
      ['read_book', 1, 0],
      ['finish_course', 2, 0],
      ['read_aloud', 3, 0],
      ['streak', 4, 0],
      ['weekly_books', 5, 0],
      ['weekly_courses', 6, 0],
      ['weekly_aloud', 7, 0],
    ]);
    expect(before.status).toBe(0);
    expect(before.recommend.filter((r) => r.kind === 'book').map((r) => r.id)).toContain(
      'book:1101',
    );

    const open = await mission(m, 'read_book');
    expectError(await collect(m, open.id), 200, 10400);

    await finishBook(m, 1101);
    const after = await missions(m);
    expect(after.status).toBe(1);
    expect(after.list.find((x) => x.inner_id === 'read_book')).toMatchObject({
      status: 1,
      step: 1,
    });
    expect(after.recommend.map((r) => r.id)).not.toContain('book:1101');
    expect(
      expectOk(await kit.get('/api/v1/user/missions/hints', m), endpoints.missionHints),
    ).toEqual({
      // read_book and the footprint mission of 1101
      hints: 2,
      status: 1,
    });

    const paid = expectOk(await collect(m, open.id), endpoints.collectMission);
    expect(paid).toMatchObject({ reward: { coins: 5, diamonds: 0 }, coins: 5, diamonds: 0 });
    expect(await mission(m, 'read_book')).toMatchObject({ status: 2 });
    expectError(await collect(m, open.id), 200, 10104);
    // Another family's mission is not found.
    expectError(await collect(await kit.member(), open.id), 200, 10024);
  });

  it('50 concurrent collects of one mission pay once', async () => {
    const m = await kit.member();
    await finishBook(m, 1101);
    const target = await mission(m, 'read_book');
    const answers = await Promise.all(Array.from({ length: 50 }, () => collect(m, target.id)));
    const codes = answers.map((a) => a.json().code as number);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === 10104)).toHaveLength(49);
    expect(await readBalances(kit.t.database.db, m.userId)).toMatchObject({
      coins: 5,
      diamonds: 0,
    });
    const entries = await kit.t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, m.userId), like(ledgerEntries.reason, 'mission:%')));
    expect(entries).toHaveLength(1);
  });

  it('a streak over three days of the week finishes a growth mission (aggregate 4); collect all pays each once', async () => {
    const m = await kit.member();
    // Wednesday, Thursday, Friday of the week of 16 November (China time).
    for (const [day, book] of [
      ['2026-11-18T02:00:00Z', 1101],
      ['2026-11-19T15:30:00Z', 1102], // 23:30 on the 19th in China
      ['2026-11-20T16:30:00Z', 1101], // 00:30 on the 21st in China
    ] as const) {
      kit.t.clock.set(new Date(day));
      await finishBook(m, book);
    }
    const now = await missions(m);
    expect(now.list.find((x) => x.inner_id === 'streak')).toMatchObject({ status: 1, step: 3 });
    expect(now.status).toBe(4);
    const prints = await footprints(m);
    const waiting = [
      ...now.list.filter((x) => x.status === 1),
      ...prints.days.flatMap((d) => d.list).filter((x) => x.status === 1),
    ];
    // read_book today, streak, and the footprint missions of 1101 and 1102.
    expect(waiting.map((x) => x.inner_id).sort()).toEqual([
      'footprint:1:1101',
      'footprint:1:1102',
      'read_book',
      'streak',
    ]);
    const expected = waiting.reduce(
      (sum, x) => ({
        coins: sum.coins + x.reward.coins,
        diamonds: sum.diamonds + x.reward.diamonds,
      }),
      { coins: 0, diamonds: 0 },
    );
    // The web's "collect all": every finished mission posted at once, twice over.
    const answers = await Promise.all([...waiting, ...waiting].map((x) => collect(m, x.id)));
    expect(answers.filter((a) => a.json().code === 0)).toHaveLength(waiting.length);
    expect(await readBalances(kit.t.database.db, m.userId)).toMatchObject(expected);
    expect(expected).toEqual({ coins: 5 + 20 + 5 + 5, diamonds: 2 });
    expect((await missions(m)).status).toBe(0);
  });
});

const hints = async (m: Member) =>
  expectOk(await kit.get('/api/v1/user/missions/hints', m), endpoints.missionHints);

describe('growth hints', () => {
  /**
   * Issue 41 (decision 109): the hints are kept per family and China day until a table they read
   * changes. Each step changes one of those tables (through the API where a family can, else
   * directly) and the next call must see it: a table missing from the cache's list or from the
   * change feed (migration 0027) leaves the old hints here.
   */
  it('follow every table they read, through the cache', async () => {
    const db = kit.t.database.db;
    const settle = () => kit.t.database.changes.settle();
    const m = await kit.member();
    const now = kit.t.clock.now();
    expect(await hints(m)).toEqual({ hints: 0, status: 0 });
    expect(await hints(m)).toEqual({ hints: 0, status: 0 });

    // reading_progress (and today's reading day): read_book and the footprint of 1101.
    await finishBook(m, 1101);
    expect(await hints(m)).toEqual({ hints: 2, status: 1 });

    // user_missions: collected, read_book waits no more.
    const readBook = await mission(m, 'read_book');
    expectOk(await collect(m, readBook.id), endpoints.collectMission);
    expect(await hints(m)).toEqual({ hints: 1, status: 1 });

    // works: a run through 1102 finished today finishes read_aloud.
    await db
      .insert(works)
      .values({ userId: m.userId, bookId: 1102, type: 1, uuid: 'hints-1', finishedAt: now });
    await settle();
    expect((await hints(m)).hints).toBe(2);

    // course_progress: a course finished today finishes finish_course.
    const [course] = await db
      .insert(courses)
      .values({
        uuid: `hints-course-${m.userId}`,
        processId: 900_000 + m.userId,
        level: 1,
        week: 1,
        stage: 1,
        subPath: 1,
        position: 1,
        bookId: 1101,
        titleCn: '测试课',
        titleEn: 'Test course',
        duration: 5,
        content: {} as never,
      })
      .returning();
    if (!course) throw new Error('no course');
    await settle();
    expect((await hints(m)).hints).toBe(2);
    await db
      .insert(courseProgress)
      .values({ userId: m.userId, courseUuid: course.uuid, finishCount: 1, lastFinishedAt: now });
    await settle();
    expect((await hints(m)).hints).toBe(3);

    // The streak counts China days of the week from reading_days, course_reports and works:
    // Saturday (read, practised, course) and Tuesday's reading day make two; Wednesday's course
    // report the third.
    await db.insert(readingDays).values({ userId: m.userId, day: '2026-11-17' });
    await settle();
    expect((await hints(m)).hints).toBe(3);
    await db.insert(courseReports).values({
      userId: m.userId,
      courseUuid: course.uuid,
      processId: course.processId,
      score: 90,
      stars: 3,
      studyTime: 60,
      items: [],
      reward: { coins: 0, diamonds: 0 },
      createdAt: new Date('2026-11-18T02:00:00Z'),
    });
    await settle();
    expect(await hints(m)).toEqual({ hints: 4, status: 4 });
    await db
      .delete(readingDays)
      .where(and(eq(readingDays.userId, m.userId), eq(readingDays.day, '2026-11-17')));
    await settle();
    expect((await hints(m)).hints).toBe(3);

    // users: on level 2 the footprint path is 1201's, not finished.
    await db.update(users).set({ level: 2 }).where(eq(users.id, m.userId));
    await settle();
    expect((await hints(m)).hints).toBe(2);

    // books: 1101 (finished) joins level 2, and its footprint there waits to be collected.
    try {
      await db.update(books).set({ level: 2 }).where(eq(books.id, 1101));
      await settle();
      expect((await hints(m)).hints).toBe(3);
    } finally {
      await db.update(books).set({ level: 1 }).where(eq(books.id, 1101));
      await settle();
    }
    expect((await hints(m)).hints).toBe(2);

    // The next China day starts afresh: today's finished course and practice were Saturday's.
    kit.t.clock.set(new Date(now.getTime() + 86_400_000));
    expect(await hints(m)).toEqual({ hints: 0, status: 0 });
  });
});

describe('footprints', () => {
  it('group the level’s books by day and mark the current card (§4)', async () => {
    const m = await kit.member();
    const first = await footprints(m);
    expect(first.days.map((d) => [d.day, d.list.map((x) => x.book_info?.id)])).toEqual([
      [1, [1101, 1102]],
      [2, [1103, 1104]],
      [3, [1105, 1106]],
    ]);
    expect(first.current_day).toBe(1);
    expect(first.days[0]?.current).toBe(true);
    // Day 1 started: day 2 is the latest card whose earlier day is started.
    await finishBook(m, 1101);
    const second = await footprints(m);
    expect(second.current_day).toBe(2);
    expect(second.days[0]?.list.map((x) => x.status)).toEqual([1, 0]);
    expect((await footprints(m, 2)).days.map((d) => d.list.length)).toEqual([1]);
  });
});

const camp = async (input: Record<string, unknown>) =>
  expectOk(await runAction(kit.t, opsToken, 'camps.save', input), endpoints.opsRunAction)
    .result as {
    id: number;
  };

/** A 3-day reading camp whose every day is book 1101 (the newest freeread camp wins). */
const readingCamp = (slug: string) =>
  camp({
    slug,
    kind: 'freeread',
    name: '0元读3天',
    days: 3,
    reward_coins: 30,
    reward_diamonds: 3,
    promo: 'lifelong',
    content: [1, 2, 3].map((day) => ({ day, book_id: 1101, title: `第${day}天` })),
  });

describe('camps', () => {
  it('are seeded from the library, one per kind', async () => {
    await seedCamps(kit.t.database.db);
    await seedCamps(kit.t.database.db);
    const rows = await kit.t.database.db.select().from(camps);
    expect(rows.map((r) => [r.slug, r.kind, r.days]).sort()).toEqual([
      ['freelearn-7', 'freelearn', 7],
      ['freelearn2-21', 'freelearn2', 21],
      ['freeread-7', 'freeread', 7],
      ['training-14', 'training', 14],
    ]);
  });

  it('answer 43100 naming the camp until the family joins', async () => {
    const m = await kit.member();
    await readingCamp('read-3');
    const state = expectOk(
      await kit.get('/api/v1/user/missions/freeread', m),
      endpoints.campFreeRead,
    );
    expect(state).toMatchObject({ camp: { name: '0元读3天', days: 3 }, user_active: null });
    for (const path of ['calendar', 'suggest']) {
      const err = expectError(
        await kit.get(`/api/v1/user/missions/freeread/${path}`, m),
        200,
        43100,
      );
      expect(err.msg).toBe('您还没有参加「0元读3天」活动');
    }
  });

  it('run on China days across a month boundary, and pay the finishing reward once (50 reads at once)', async () => {
    const m = await kit.member();
    await readingCamp('read-3b');
    // 01:00 on 31 January in China (still the 30th in UTC).
    kit.t.clock.set(new Date('2026-01-30T17:00:00Z'));
    const joined = expectOk(
      await kit.post('/api/v1/user/missions/freeread/join', m, {}),
      endpoints.campFreeReadJoin,
    );
    expect(joined.user_active).toMatchObject({ level: 1, day: 1, done_days: 0, finished: false });
    expect(joined.user_active?.start_time).toBe(Date.parse('2026-01-30T16:00:00Z') / 1000);

    const jan = expectOk(
      await kit.get('/api/v1/user/missions/freeread/calendar?month=2026-01', m),
      endpoints.campFreeReadCalendar,
    );
    expect(jan.list.map((d) => [d.day, d.date, d.state])).toEqual([[1, '2026-01-31', 'today']]);
    expect(jan.list[0]?.start_time).toBe(jan.start_time);
    const feb = expectOk(
      await kit.get('/api/v1/user/missions/freeread/calendar?month=2026-02', m),
      endpoints.campFreeReadCalendar,
    );
    expect(feb.list.map((d) => [d.day, d.date, d.state])).toEqual([
      [2, '2026-02-01', 'future'],
      [3, '2026-02-02', 'future'],
    ]);
    // The default month is China's: January here, though UTC says the 30th too.
    expect(
      expectOk(
        await kit.get('/api/v1/user/missions/freeread/calendar', m),
        endpoints.campFreeReadCalendar,
      ).month,
    ).toBe('2026-01');
    const suggest = expectOk(
      await kit.get('/api/v1/user/missions/freeread/suggest?type=1&active_type=2', m),
      endpoints.campFreeReadSuggest,
    );
    expect(suggest).toMatchObject({ day: 1, type: 1, active_type: 2 });
    expect(suggest.list.map((e) => [e.book_info.id, e.done])).toEqual([[1101, false]]);

    // 00:30 on 1 February in China: day 2.
    kit.t.clock.set(new Date('2026-01-31T16:30:00Z'));
    await finishBook(m, 1101);
    // Each read of the state pays a finished camp's reward if it is not paid yet: 50 at once.
    const states = await Promise.all(
      Array.from({ length: 50 }, () => kit.get('/api/v1/user/missions/freeread', m)),
    );
    for (const s of states) {
      expect(expectOk(s, endpoints.campFreeRead).user_active).toMatchObject({
        day: 2,
        finished: true,
        reward_collected: true,
        promo_link: '/act/upgradeLifeVip/freeRead',
      });
    }
    expect(await readBalances(kit.t.database.db, m.userId)).toMatchObject({
      coins: 30,
      diamonds: 3,
    });
    const entries = await kit.t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, m.userId));
    expect(entries.map((e) => [e.reason, e.currency, e.delta]).sort()).toEqual([
      ['camp:read-3b', 'coins', 30],
      ['camp:read-3b', 'diamonds', 3],
    ]);
  });

  it('choose a level in freelearn2 and training (only the camp’s levels)', async () => {
    const m = await kit.member();
    await camp({
      slug: 'train-2',
      kind: 'training',
      name: '训练营',
      days: 2,
      levels: [1, 2],
      content: [
        { day: 1, level: 1, book_id: 1101, title: 'A' },
        { day: 1, level: 2, book_id: 1201, title: 'B' },
        { day: 2, level: 0, book_id: 1102, title: 'C' },
      ],
    });
    expectError(
      await kit.post('/api/v1.1/user/missions/training/level', m, { level: 3 }),
      400,
      10001,
    );
    const chosen = expectOk(
      await kit.post('/api/v1.1/user/missions/training/level', m, { level: 2 }),
      endpoints.campTrainingLevel,
    );
    expect(chosen.user_active?.level).toBe(2);
    const suggest = expectOk(
      await kit.get('/api/v1/user/missions/training/suggest', m),
      endpoints.campTrainingSuggest,
    );
    expect(suggest.list.map((e) => e.book_info.id)).toEqual([1201]);
    // freelearn2 has no camp here beyond the seeded one: its level call joins it.
    const fl2 = expectOk(
      await kit.post('/api/v1.1/user/missions/freelearn2/level', m, { level: 1 }),
      endpoints.campFreeLearn2Level,
    );
    expect(fl2.user_active?.level).toBe(1);
  });
});

describe('camps.save', () => {
  it('refuses a book that does not exist and a day past the camp (10001, nothing saved)', async () => {
    const bad = await runAction(kit.t, opsToken, 'camps.save', {
      slug: 'bad-1',
      kind: 'freelearn',
      name: '坏营',
      days: 2,
      content: [{ day: 1, book_id: 999_999, title: 'x' }],
    });
    expectError(bad, 400, 10001);
    const late = await runAction(kit.t, opsToken, 'camps.save', {
      slug: 'bad-2',
      kind: 'freelearn',
      name: '坏营',
      days: 2,
      content: [{ day: 3, book_id: 1101, title: 'x' }],
    });
    expectError(late, 400, 10001);
    const slugs = (await kit.t.database.db.select().from(camps)).map((c) => c.slug);
    expect(slugs).not.toContain('bad-1');
    expect(slugs).not.toContain('bad-2');
  });
});
