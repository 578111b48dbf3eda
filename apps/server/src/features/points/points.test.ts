import { endpoints } from '@picbook/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../test/envelope';
import { type MallKit, type Member, startMallKit } from '../../../test/mall-kit';
import { operatorToken, runAction } from '../../../test/ops-kit';
import { ledgerEntries } from '../../platform/db/schema';
import { importSampleBooks } from '../library/library.test-kit';

/**
 * Earning points: the daily sign-in (once per China day, streaks), tasks earned from real learning
 * events (reading through the books API, invitations) collected exactly once, the records and the
 * detail. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (the concurrent cases matter
 * there).
 */
let kit: MallKit;
const SIGN = '/api/v1/points_mall/missions/daily_sign';
const RECEIVE = '/api/v1/points_mall/points/receive';

beforeAll(async () => {
  kit = await startMallKit();
  await importSampleBooks(kit.t.database.db, [1101, 1102]);
});
afterAll(() => kit.close());
// Tests move the clock; each starts at the kit's time (operator sessions last 8 hours).
beforeEach(() => kit.t.clock.set(new Date('2026-11-21T02:00:00Z')));

const detail = async (m: Member) =>
  expectOk(await kit.get('/api/v1/points_mall/points/detail', m), endpoints.pointsDetail);
const tasks = async (m: Member) =>
  expectOk(await kit.get('/api/v1/points_mall/missions', m), endpoints.pointsMissions).list;
/** The member's ledger rows paying one task. */
const taskEntries = (m: Member, id: string) =>
  kit.t.database.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, m.userId), eq(ledgerEntries.reason, `points-task:${id}`)));
/** 50 collects of one task at once; the answers' codes. */
const receiveAtOnce = async (m: Member, id: string) =>
  (await Promise.all(Array.from({ length: 50 }, () => kit.post(RECEIVE, m, { id })))).map(
    (r) => r.json().code as number,
  );
const task = async (m: Member, id: string) => {
  const found = (await tasks(m)).find((t) => t.id === id);
  if (!found) throw new Error(`no task ${id}`);
  return found;
};

describe('daily sign-in', () => {
  it('pays the streak day once per China day, and the streak grows day by day', async () => {
    const m = await kit.member();
    kit.t.clock.set(new Date('2026-11-21T02:00:00Z'));
    const before = expectOk(await kit.get(SIGN, m), endpoints.dailySignDetail);
    expect(before).toMatchObject({ signed_today: 0, streak: 0, today_points: 5, earned: 0 });
    expect(before.days.map((d) => d.points)).toEqual([5, 5, 10, 10, 15, 15, 30]);
    expect(before.days[0]).toMatchObject({ date: '2026-11-21', is_today: true, signed: 0 });

    const first = expectOk(await kit.post(SIGN, m), endpoints.dailySign);
    expect(first).toMatchObject({ signed_today: 1, streak: 1, earned: 5, points: 5 });
    expectError(await kit.post(SIGN, m), 200, 10104);

    // 23:59 China time is still the same day; 00:00 is the next.
    kit.t.clock.set(new Date('2026-11-21T15:59:00Z'));
    expectError(await kit.post(SIGN, m), 200, 10104);
    kit.t.clock.set(new Date('2026-11-21T16:00:00Z'));
    const second = expectOk(await kit.post(SIGN, m), endpoints.dailySign);
    expect(second).toMatchObject({ streak: 2, earned: 5, points: 10 });
    expect(second.days.slice(0, 3).map((d) => [d.signed, d.is_today])).toEqual([
      [1, false],
      [1, true],
      [0, false],
    ]);
    kit.t.clock.advance(86_400_000);
    expect(expectOk(await kit.post(SIGN, m), endpoints.dailySign)).toMatchObject({
      streak: 3,
      earned: 10,
      points: 20,
    });
    // A missed day starts again at day 1.
    kit.t.clock.advance(2 * 86_400_000);
    expect(expectOk(await kit.get(SIGN, m), endpoints.dailySignDetail)).toMatchObject({
      streak: 0,
      today_points: 5,
    });
    expect(expectOk(await kit.post(SIGN, m), endpoints.dailySign)).toMatchObject({
      streak: 1,
      earned: 5,
      points: 25,
    });
  });

  it('signing in 50 times at once pays once', async () => {
    const m = await kit.member();
    const answers = await Promise.all(Array.from({ length: 50 }, () => kit.post(SIGN, m)));
    const codes = answers.map((r) => r.json().code).sort();
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === 10104)).toHaveLength(49);
    expect((await detail(m)).points).toBe(5);
    const entries = await kit.t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, m.userId));
    expect(entries).toHaveLength(1);
  });

  it('refuses a guest (the screens ask guests to log in first)', async () => {
    const guest = await kit.member({ guest: true });
    const error = expectError(await kit.post(SIGN, guest), 200, 10400);
    expect(error.msg).toContain('登录');
  });
});

describe('tasks earned from learning events', () => {
  it('reading a book today finishes the daily task; 50 collects at once pay once', async () => {
    const m = await kit.member();
    expect(await task(m, 'read_daily')).toMatchObject({ status: 0, progress: 0, claimable: 0 });
    expectError(await kit.post(RECEIVE, m, { id: 'read_daily' }), 200, 10400);

    expectOk(
      await kit.post('/api/v1/user/process/1101', m, { process: '002', type: 'read' }),
      endpoints.saveProcess,
    );
    expect(await task(m, 'read_daily')).toMatchObject({ status: 1, progress: 1, claimable: 1 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => kit.post(RECEIVE, m, { id: 'read_daily' })),
    );
    const ok = answers.filter((r) => r.json().code === 0);
    expect(ok).toHaveLength(1);
    expect(answers.filter((r) => r.json().code === 10104)).toHaveLength(49);
    const received = expectOk(ok[0] as (typeof answers)[number], endpoints.receivePoints);
    expect(received).toMatchObject({ received: 10, points: 10, task: { status: 2 } });
    expect((await detail(m)).points).toBe(10);
    expect(await taskEntries(m, 'read_daily')).toHaveLength(1);

    // The next China day it is open again.
    kit.t.clock.advance(86_400_000);
    expect(await task(m, 'read_daily')).toMatchObject({ status: 0, claimable: 0 });
  });

  it('finishing new books pays once per book', async () => {
    const m = await kit.member();
    for (const book of [1101, 1102]) {
      expectOk(
        await kit.post(`/api/v1/user/process/${book}`, m, {
          process: '005',
          type: 'read',
          finished: 1,
        }),
        endpoints.saveProcess,
      );
    }
    expect(await task(m, 'finish_book')).toMatchObject({ status: 1, progress: 2, claimable: 2 });
    const received = expectOk(
      await kit.post(RECEIVE, m, { id: 'finish_book' }),
      endpoints.receivePoints,
    );
    expect(received).toMatchObject({ received: 40, task: { status: 0, claimable: 0 } });
    expectError(await kit.post(RECEIVE, m, { id: 'finish_book' }), 200, 10400);
  });

  // Each collect reads the event count; one that counts the claims again later (after another
  // collect committed) must not pay a period past the events (issue 35).
  it('50 collects at once of one finished book pay once', async () => {
    const m = await kit.member();
    expectOk(
      await kit.post('/api/v1/user/process/1101', m, { process: '005', type: 'read', finished: 1 }),
      endpoints.saveProcess,
    );
    const codes = await receiveAtOnce(m, 'finish_book');
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    // The rest are told it is collected (10104) or that nothing waits (10400).
    expect(codes.filter((c) => c === 10104 || c === 10400)).toHaveLength(49);
    expect((await detail(m)).points).toBe(20);
    expect(await taskEntries(m, 'finish_book')).toHaveLength(1);
    expect(await task(m, 'finish_book')).toMatchObject({ progress: 1, claimable: 0 });
  });

  it('a friend registering with my code is an invite reward; guests do not count', async () => {
    const inviter = await kit.member({ nickname: '邀请人' });
    await kit.member({ invitedBy: inviter.userId, nickname: '小红' });
    await kit.member({ invitedBy: inviter.userId, nickname: '小蓝' });
    await kit.member({ invitedBy: inviter.userId, guest: true });
    expect(await task(inviter, 'invite')).toMatchObject({ claimable: 2, points: 100 });
    expectOk(await kit.post(RECEIVE, inviter, { id: 'invite' }), endpoints.receivePoints);
    expect((await detail(inviter)).points).toBe(200);

    const invitees = expectOk(
      await kit.get('/api/v1/points_mall/invitation/invitees', inviter),
      endpoints.invitees,
    );
    expect(invitees.total).toBe(2);
    expect(invitees.invite_code).toMatch(/^[A-Z2-9]{4}$/);
    expect(invitees.list.map((i) => i.nickname).sort()).toEqual(['小红', '小蓝']);

    const ranks = expectOk(
      await kit.get('/api/v1/points_mall/invitation/ranks?rank_len=1', inviter),
      endpoints.inviteRanks,
    );
    expect(ranks.list).toHaveLength(1);
    expect(ranks.mine.count).toBe(2);
    expect(ranks.mine.rank).toBeGreaterThanOrEqual(1);
    const defaults = expectOk(
      await kit.get('/api/v1/points_mall/invitation/ranks', inviter),
      endpoints.inviteRanks,
    );
    expect(defaults.list.find((r) => r.is_me)).toMatchObject({ nickname: '邀请人', count: 2 });
  });

  it('50 collects at once of one invite reward pay once', async () => {
    const inviter = await kit.member();
    await kit.member({ invitedBy: inviter.userId });
    const codes = await receiveAtOnce(inviter, 'invite');
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === 10104 || c === 10400)).toHaveLength(49);
    expect((await detail(inviter)).points).toBe(100);
    expect(await taskEntries(inviter, 'invite')).toHaveLength(1);
  });

  it('operators tune the sign-in week and task points (configs points_rules)', async () => {
    const admin = await operatorToken(kit.t, ['admin']);
    const rules = { sign_in: [1, 2, 3], task_points: { read_daily: 33 } };
    expectOk(
      await runAction(kit.t, admin, 'configs.set', { key: 'points_rules', value: rules }),
      endpoints.opsRunAction,
    );
    const m = await kit.member();
    expect((await task(m, 'read_daily')).points).toBe(33);
    expect((await task(m, 'practice_daily')).points).toBe(10);
    const week = expectOk(await kit.get(SIGN, m), endpoints.dailySignDetail);
    expect(week.days.map((d) => d.points)).toEqual([1, 2, 3]);
    expect(expectOk(await kit.post(SIGN, m), endpoints.dailySign).earned).toBe(1);
    expectOk(
      await runAction(kit.t, admin, 'configs.set', {
        key: 'points_rules',
        value: { sign_in: [5, 5, 10, 10, 15, 15, 30], task_points: {} },
      }),
      endpoints.opsRunAction,
    );
  });
});

describe('records and detail', () => {
  it('lists points entries newest first, by direction, ten a page', async () => {
    const m = await kit.member();
    await kit.givePoints(m, 1000);
    const { itemId, skuIds } = await kit.goods({ skus: [{ title: '一个', price: 30, stock: 50 }] });
    const addressId = await kit.address(m);
    for (let i = 0; i < 11; i++) {
      expectOk(
        await kit.post('/api/v1/points_mall/goods/exchange', m, {
          item_id: itemId,
          sku_id: skuIds[0],
          address_id: addressId,
        }),
        endpoints.exchangeGoods,
      );
    }
    const page1 = expectOk(
      await kit.get('/api/v1/points_mall/points/record', m),
      endpoints.pointsRecord,
    );
    expect(page1).toMatchObject({ current_page: 1, page_count: 2, total: 12, points: 670 });
    expect(page1.list).toHaveLength(10);
    expect(page1.list[0]).toMatchObject({ points: -30, balance: 670 });
    expect(page1.list[0]?.title).toMatch(/^兑换 · 测试商品/);
    const expense = expectOk(
      await kit.get('/api/v1/points_mall/points/record?transaction_type=2&page=2', m),
      endpoints.pointsRecord,
    );
    expect(expense).toMatchObject({ total: 11, current_page: 2, page_count: 2 });
    expect(expense.list).toHaveLength(1);
    const income = expectOk(
      await kit.get('/api/v1/points_mall/points/record?transaction_type=1', m),
      endpoints.pointsRecord,
    );
    expect(income.list.map((r) => r.points)).toEqual([1000]);
    expect(await detail(m)).toMatchObject({ points: 670, total_earned: 1000, total_spent: 330 });
  });

  it('shows the running wheel and the waiting tasks', async () => {
    const m = await kit.member();
    const d = await detail(m);
    expect(d).toMatchObject({ signed_today: 0, tasks_waiting: 0, lottery: null });
  });
});

describe('bad input → 400 / 10001 naming the field', () => {
  it.each([
    ['POST', RECEIVE, { id: 'NOT A TASK' }, 'id'],
    ['GET', '/api/v1/points_mall/points/record?page=0', undefined, 'page'],
    ['GET', '/api/v1/points_mall/points/record?transaction_type=7', undefined, 'transaction_type'],
    ['GET', '/api/v1/points_mall/invitation/ranks?rank_len=abc', undefined, 'rank_len'],
    ['GET', '/api/v1/points_mall/goods/detail?item_id=x', undefined, 'item_id'],
    ['POST', '/api/v1/points_mall/goods/exchange', { item_id: 1 }, 'sku_id'],
    ['POST', '/api/v1/points_mall/order/cancel', { order_id: -1 }, 'order_id'],
  ] as const)('%s %s', async (method, url, payload, field) => {
    const m = await kit.member();
    const res =
      method === 'GET' ? await kit.get(url, m) : await kit.post(url, m, payload as object);
    const error = expectError(res, 400, 10001);
    expect(error.msg).toContain(field);
  });

  it('an unknown task is 10024', async () => {
    expectError(await kit.post(RECEIVE, await kit.member(), { id: 'no_such_task' }), 200, 10024);
  });
});
