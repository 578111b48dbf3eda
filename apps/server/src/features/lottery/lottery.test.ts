import { endpoints } from '@picbook/contracts';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../test/envelope';
import { type MallKit, type Member, startMallKit } from '../../../test/mall-kit';
import {
  ledgerEntries,
  lotteryChanceGrants,
  lotteryDraws,
  lotteryPlayers,
  rightGrants,
} from '../../platform/db/schema';
import { importSampleBooks } from '../library/library.test-kit';
import { seedMall } from '../points';
import { seedLottery } from './seed-lottery';

/**
 * The lucky wheel: published odds, the daily benefit and extra chances, draws that spend a chance
 * exactly once and grant the prize exactly once, sold-out prizes never won. The concurrent cases
 * run on PostgreSQL with TEST_DATABASE_URL.
 */
let kit: MallKit;
const START = new Date('2026-11-21T02:00:00Z');
const nowS = () => Math.floor(kit.t.clock.now().getTime() / 1000);

beforeAll(async () => {
  kit = await startMallKit();
  await importSampleBooks(kit.t.database.db, [1101]);
});
afterAll(() => kit.close());
beforeEach(() => kit.t.clock.set(START));

type PrizeSpec = {
  name: string;
  kind: string;
  amount: number;
  weight: number;
  stock?: number | null;
};

async function wheel(prizes: PrizeSpec[], extra: Record<string, unknown> = {}): Promise<number> {
  const made = expectOk(
    await kit.action('lottery.save', {
      title: '测试转盘',
      rules: '测试规则',
      start_at: nowS() - 60,
      end_at: nowS() + 30 * 86_400,
      daily_chances: 1,
      apply_methods: [
        { method: 'share', chances: 1, daily_limit: 1 },
        { method: 'read', chances: 1, daily_limit: 1 },
        { method: 'points', chances: 1, daily_limit: 3, cost: 50 },
      ],
      ...extra,
    }),
    endpoints.opsRunAction,
  ).result as { id: number };
  for (const [sort, p] of prizes.entries()) {
    expectOk(
      await kit.action('lottery.savePrize', {
        lottery_id: made.id,
        image: '/media/mall/prize-points.svg',
        sort,
        stock: null,
        ...p,
      }),
      endpoints.opsRunAction,
    );
  }
  return made.id;
}

const info = async (m: Member, id: number) =>
  expectOk(await kit.get(`/api/v1/lottery?id=${id}`, m), endpoints.lotteryInfo);
const draw = (m: Member, id: number, requestId?: string) =>
  kit.post('/api/v1/lottery', m, { id, ...(requestId ? { request_id: requestId } : {}) });
const points = async (m: Member) =>
  expectOk(await kit.get('/api/v1/points_mall/points/detail', m), endpoints.pointsDetail).points;

const db = () => kit.t.database.db;
/** The member's ledger rows whose key starts with `prefix`. */
const entries = (m: Member, prefix: string) =>
  db()
    .select()
    .from(ledgerEntries)
    .where(
      and(eq(ledgerEntries.userId, m.userId), like(ledgerEntries.idempotencyKey, `${prefix}%`)),
    );
/** The member's player row (chances granted and used) and chance grants on a wheel. */
const player = async (m: Member, id: number) => {
  const mine = (t: typeof lotteryPlayers | typeof lotteryChanceGrants) =>
    and(eq(t.userId, m.userId), eq(t.lotteryId, id));
  const [row] = await db().select().from(lotteryPlayers).where(mine(lotteryPlayers));
  const grants = await db().select().from(lotteryChanceGrants).where(mine(lotteryChanceGrants));
  return { granted: row?.granted, used: row?.used, grants: grants.map((g) => g.key).sort() };
};
const drawsOf = (m: Member, id: number) =>
  db()
    .select()
    .from(lotteryDraws)
    .where(and(eq(lotteryDraws.userId, m.userId), eq(lotteryDraws.lotteryId, id)));

const POINTS_ONLY: PrizeSpec[] = [{ name: '10积分', kind: 'points', amount: 10, weight: 1 }];

describe('wheel info and published odds', () => {
  it('publishes each prize’s chance and the rules; sold-out prizes show 0', async () => {
    const id = await wheel([
      { name: '5积分', kind: 'points', amount: 5, weight: 600 },
      { name: '7天会员', kind: 'vip', amount: 7, weight: 100, stock: 0 },
      { name: '谢谢参与', kind: 'none', amount: 0, weight: 400 },
    ]);
    const m = await kit.member();
    const wheelInfo = await info(m, id);
    expect(wheelInfo).toMatchObject({
      id,
      title: '测试转盘',
      rules: '测试规则',
      status: 1,
      chances_count: 0,
      daily_benefit: { chances: 1, status: 0 },
    });
    expect(wheelInfo.awards.map((a) => [a.name, a.probability, a.sold_out])).toEqual([
      ['5积分', 60, false],
      ['7天会员', 0, true],
      ['谢谢参与', 40, false],
    ]);
    expect(wheelInfo.apply_methods.map((a) => [a.method, a.available, a.cost])).toEqual([
      ['share', true, 0],
      ['read', true, 0],
      ['points', true, 50],
    ]);
    expectError(await kit.get('/api/v1/lottery?id=999999', m), 200, 10024);
  });
});

describe('chances', () => {
  it('the daily benefit is collected once a China day (50 at once)', async () => {
    const id = await wheel(POINTS_ONLY);
    const m = await kit.member();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => kit.post('/api/v1/lottery/get_reward', m, { id })),
    );
    expect(answers.filter((r) => r.json().code === 0)).toHaveLength(1);
    expect(answers.filter((r) => r.json().code === 10104)).toHaveLength(49);
    expect(await info(m, id)).toMatchObject({ chances_count: 1, daily_benefit: { status: 1 } });
    expect(await player(m, id)).toEqual({ granted: 1, used: 0, grants: ['daily:2026-11-21'] });
    kit.t.clock.advance(86_400_000);
    expectOk(await kit.post('/api/v1/lottery/get_reward', m, { id }), endpoints.lotteryGetReward);
    expect((await info(m, id)).chances_count).toBe(2);
  });

  it('extra chances: share (default method) once a day, read after reading, points for 50', async () => {
    const id = await wheel(POINTS_ONLY);
    const m = await kit.member();
    const shared = expectOk(
      await kit.post('/api/v1/lottery/apply_chance', m, { id }),
      endpoints.lotteryApplyChance,
    );
    expect(shared.chances_count).toBe(1);
    expect(shared.apply_methods.find((a) => a.method === 'share')).toMatchObject({
      used_today: 1,
      available: false,
    });
    expectError(
      await kit.post('/api/v1/lottery/apply_chance', m, { id, method: 'share' }),
      200,
      10400,
    );

    const notRead = expectError(
      await kit.post('/api/v1/lottery/apply_chance', m, { id, method: 'read' }),
      200,
      10400,
    );
    expect(notRead.msg).toContain('读绘本');
    expectOk(
      await kit.post('/api/v1/user/process/1101', m, { process: '001', type: 'read' }),
      endpoints.saveProcess,
    );
    expectOk(
      await kit.post('/api/v1/lottery/apply_chance', m, { id, method: 'read' }),
      endpoints.lotteryApplyChance,
    );

    expectError(
      await kit.post('/api/v1/lottery/apply_chance', m, { id, method: 'points' }),
      200,
      10019,
    );
    await kit.givePoints(m, 120);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        kit.post('/api/v1/lottery/apply_chance', m, { id, method: 'points' }),
      ),
    );
    const codes = answers.map((r) => r.json().code as number);
    // 120 points buy two chances of 50; the rest are refused for points, never below zero.
    expect(codes.filter((c) => c === 0)).toHaveLength(2);
    expect(codes.filter((c) => c === 10019)).toHaveLength(48);
    expect(await points(m)).toBe(20);
    expect((await info(m, id)).chances_count).toBe(4);
    const bought = await entries(m, 'lottery-chance:');
    expect(bought.map((e) => e.delta)).toEqual([-50, -50]);
    expect((await player(m, id)).grants.filter((k) => k.startsWith('points:'))).toHaveLength(2);
  });
});

describe('draws', () => {
  it('a draw spends a chance and grants the prize the server drew, exactly once', async () => {
    const id = await wheel([
      { name: '谢谢参与', kind: 'none', amount: 0, weight: 0 },
      { name: '10积分', kind: 'points', amount: 10, weight: 1 },
    ]);
    const m = await kit.member();
    const none = expectError(await draw(m, id), 200, 10400);
    expect(none.msg).toContain('抽奖机会用完');
    expectOk(await kit.post('/api/v1/lottery/get_reward', m, { id }), endpoints.lotteryGetReward);
    const won = expectOk(await draw(m, id, 'spin-abcdef01'), endpoints.lotteryDraw);
    expect(won).toMatchObject({
      index: 1,
      award: { name: '10积分', kind: 'points', amount: 10 },
      chances_count: 0,
      points: 10,
    });
    // The same request again answers the same draw and grants nothing more.
    const again = expectOk(await draw(m, id, 'spin-abcdef01'), endpoints.lotteryDraw);
    expect(again.draw_id).toBe(won.draw_id);
    expect(await points(m)).toBe(10);
    const awards = expectOk(await kit.get('/api/v1/lottery/awards', m), endpoints.lotteryAwards);
    expect(awards.list.map((a) => [a.name, a.lottery_title])).toEqual([['10积分', '测试转盘']]);
    const records = expectOk(
      await kit.get('/api/v1/points_mall/points/record', m),
      endpoints.pointsRecord,
    );
    expect(records.list[0]).toMatchObject({ title: '幸运转盘奖励', points: 10 });
  });

  it('50 concurrent draws with 5 chances spend 5', async () => {
    const id = await wheel([{ name: '1积分', kind: 'points', amount: 1, weight: 1 }]);
    const m = await kit.member();
    for (let day = 0; day < 5; day++) {
      kit.t.clock.set(new Date(START.getTime() + day * 86_400_000));
      expectOk(await kit.post('/api/v1/lottery/get_reward', m, { id }), endpoints.lotteryGetReward);
    }
    expect((await info(m, id)).chances_count).toBe(5);
    const answers = await Promise.all(Array.from({ length: 50 }, () => draw(m, id)));
    const codes = answers.map((r) => r.json().code as number);
    expect(codes.filter((c) => c === 0)).toHaveLength(5);
    expect(codes.filter((c) => c === 10400)).toHaveLength(45);
    expect((await info(m, id)).chances_count).toBe(0);
    expect(await points(m)).toBe(5);
    const awards = expectOk(await kit.get('/api/v1/lottery/awards', m), endpoints.lotteryAwards);
    expect(awards.total).toBe(5);
    const draws = await drawsOf(m, id);
    expect(draws).toHaveLength(5);
    expect((await entries(m, 'lottery-prize:')).map((e) => e.idempotencyKey).sort()).toEqual(
      draws.map((d) => `lottery-prize:${d.id}:points`).sort(),
    );
    expect(await player(m, id)).toMatchObject({ granted: 5, used: 5 });
  });

  it('50 copies of one draw request at once spend one chance and grant the prize once', async () => {
    const id = await wheel([{ name: '10积分', kind: 'points', amount: 10, weight: 1 }]);
    const m = await kit.member();
    for (let day = 0; day < 3; day++) {
      kit.t.clock.set(new Date(START.getTime() + day * 86_400_000));
      expectOk(await kit.post('/api/v1/lottery/get_reward', m, { id }), endpoints.lotteryGetReward);
    }
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => draw(m, id, 'spin-once-0001')),
    );
    const bodies = answers.map((r) => expectOk(r, endpoints.lotteryDraw));
    expect(new Set(bodies.map((b) => b.draw_id)).size).toBe(1);
    const draws = await drawsOf(m, id);
    expect(draws).toHaveLength(1);
    expect(await player(m, id)).toMatchObject({ granted: 3, used: 1 });
    expect(await points(m)).toBe(10);
    expect((await entries(m, 'lottery-prize:')).map((e) => e.idempotencyKey)).toEqual([
      `lottery-prize:${draws[0]?.id}:points`,
    ]);
  });

  it('a sold-out prize is never won, also when 50 spin at once', async () => {
    const id = await wheel([
      { name: '7天会员', kind: 'vip', amount: 7, weight: 1_000_000, stock: 2 },
      { name: '5积分', kind: 'points', amount: 5, weight: 1 },
    ]);
    const players = await Promise.all(Array.from({ length: 50 }, () => kit.member()));
    for (const p of players) {
      expectOk(await kit.post('/api/v1/lottery/get_reward', p, { id }), endpoints.lotteryGetReward);
    }
    const results = await Promise.all(players.map((p) => draw(p, id)));
    const names = results.map((r) => expectOk(r, endpoints.lotteryDraw).award.name);
    expect(names.filter((n) => n === '7天会员')).toHaveLength(2);
    expect(names.filter((n) => n === '5积分')).toHaveLength(48);
    // Two membership grants, one per winning draw; 48 points prizes on the ledger.
    const ids = players.map((p) => p.userId);
    const grants = await db().select().from(rightGrants).where(inArray(rightGrants.userId, ids));
    expect(grants.map((g) => [g.rightName, g.kind, g.days])).toEqual([
      ['vip', 'grant', 7],
      ['vip', 'grant', 7],
    ]);
    const prizes = await db()
      .select()
      .from(ledgerEntries)
      .where(
        and(
          inArray(ledgerEntries.userId, ids),
          like(ledgerEntries.idempotencyKey, 'lottery-prize:%'),
        ),
      );
    expect(prizes).toHaveLength(48);
    const after = await info(players[0] as Member, id);
    expect(after.awards[0]).toMatchObject({ stock: 0, sold_out: true, probability: 0 });
    expect(after.awards[1]?.probability).toBe(100);
    // Winners of the membership have it.
    const winner = players[names.indexOf('7天会员')] as Member;
    const user = expectOk(await kit.get('/api/v1/user', winner), endpoints.userInfo);
    expect(user.vip).toBe(1);
  });

  it('nothing left to win: the chance is kept', async () => {
    const id = await wheel([{ name: '限量', kind: 'points', amount: 5, weight: 1, stock: 0 }]);
    const m = await kit.member();
    expectOk(await kit.post('/api/v1/lottery/get_reward', m, { id }), endpoints.lotteryGetReward);
    expectError(await draw(m, id), 200, 10400);
    expect((await info(m, id)).chances_count).toBe(1);
  });

  it('a wheel that has ended or not started refuses chances and draws', async () => {
    const id = await wheel(POINTS_ONLY, { start_at: nowS() + 3600, end_at: nowS() + 7200 });
    const m = await kit.member();
    expect((await info(m, id)).status).toBe(0);
    const early = expectError(await kit.post('/api/v1/lottery/get_reward', m, { id }), 200, 10400);
    expect(early.msg).toContain('还没开始');
    kit.t.clock.advance(3 * 3600_000);
    const late = expectError(await draw(m, id), 200, 10400);
    expect(late.msg).toContain('结束');
  });

  it('guests are asked to log in', async () => {
    const id = await wheel(POINTS_ONLY);
    const guest = await kit.member({ guest: true });
    expectError(await kit.post('/api/v1/lottery/get_reward', guest, { id }), 200, 10400);
  });
});

describe('operators and bad input', () => {
  it.each([
    [{ id: 'x' }, 'id'],
    [{ id: 1, method: 'dance' }, 'method'],
  ])('apply_chance %j → 400 / 10001 naming %s', async (body, field) => {
    const error = expectError(
      await kit.post('/api/v1/lottery/apply_chance', await kit.member(), body),
      400,
      10001,
    );
    expect(error.msg).toContain(field);
  });

  it('validates wheels and prizes, and adjusts limited stock only', async () => {
    const bad = expectError(
      await kit.action('lottery.save', {
        title: '坏的',
        rules: '规则',
        start_at: 2000,
        end_at: 1000,
        apply_methods: [{ method: 'points', chances: 1, daily_limit: 1 }],
      }),
      400,
      10001,
    );
    expect(bad.msg).toMatch(/end_at|apply_methods/);
    const id = await wheel([{ name: '限量', kind: 'points', amount: 5, weight: 1, stock: 1 }]);
    const m = await kit.member();
    const prizeId = (await info(m, id)).awards[0]?.id;
    expectOk(
      await kit.action('lottery.adjustPrizeStock', { prize_id: prizeId, delta: 4 }),
      endpoints.opsRunAction,
    );
    expect((await info(m, id)).awards[0]?.stock).toBe(5);
    expectError(
      await kit.action('lottery.adjustPrizeStock', { prize_id: prizeId, delta: -6 }),
      400,
      10001,
    );
  });

  it('the first start seeds example goods and a running wheel, once', async () => {
    const db = kit.t.database.db;
    for (let start = 0; start < 2; start++) {
      await seedMall(db, kit.t.clock.now());
      await seedLottery(db, kit.t.clock.now());
    }
    const m = await kit.member();
    const goods = expectOk(await kit.get('/api/v1/points_mall/goods/list', m), endpoints.goodsList);
    expect(goods.list.map((g) => g.title)).toEqual([
      '嘟嘟毛绒公仔',
      '24色彩色铅笔',
      '英语单词闪卡',
      '绘本岛会员',
      '金币礼包',
    ]);
    expect(goods.list[0]?.fake_stock?.total).toBe(421);
    // The kit's wheels existed already, so no example wheel was added: the newest running wheel
    // is still the kit's.
    const detail = expectOk(
      await kit.get('/api/v1/points_mall/points/detail', m),
      endpoints.pointsDetail,
    );
    expect(detail.lottery?.title).toBe('测试转盘');
  });
});
