import { endpoints } from '@picbook/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../test/envelope';
import { type MallKit, type Member, startMallKit } from '../../../test/mall-kit';
import { kobChallenges, ledgerEntries, userSettings, works } from '../../platform/db/schema';
import { post, readBalances } from '../../platform/ledger/ledger';
import { createConfigQueries } from '../configs';
import { importSampleBooks } from '../library/library.test-kit';

/**
 * Kob (decision 056): the gate and kob_schedule on the server, a challenge against another
 * child's recorded score, credits spent and coins won once a day even when sent 50 times at once.
 */
let kit: MallKit;
let seq = 0;

beforeAll(async () => {
  kit = await startMallKit();
  await importSampleBooks(kit.t.database.db, [1101, 1102]);
});
afterAll(() => kit.close());
// Saturday 21 November 2026, 10:00 in China.
beforeEach(() => kit.t.clock.set(new Date('2026-11-21T02:00:00Z')));

const db = () => kit.t.database.db;
const gray = (options: {
  kobEnabled?: number;
  kobDisabled?: number;
  kobDoneCoursesThreshold: number;
}) =>
  createConfigQueries(db()).upsert('gray_options', {
    lottieDisabled: 0,
    spineDisabled: 0,
    kobEnabled: 0,
    kobDisabled: 0,
    parentalGateDisabled: 0,
    ...options,
  });
const state = async (m: Member) => expectOk(await kit.get('/api/v1/kob', m), endpoints.kob);
const play = (m: Member, bookId: number) =>
  kit.post('/api/v1/kob/challenge', m, { book_id: bookId });
const credits = (m: Member, n: number) =>
  post(db(), {
    userId: m.userId,
    idempotencyKey: `test-credits:${m.userId}:${++seq}`,
    reason: 'test',
    lines: [{ currency: 'credits', delta: n }],
  });
const readAloud = (m: Member, bookId: number, score: number) =>
  db()
    .insert(works)
    .values({
      userId: m.userId,
      bookId,
      type: 1,
      uuid: `kob-test-${++seq}`,
      score,
      itemCount: 5,
      finishedAt: kit.t.clock.now(),
    });
/** The member's kob ledger rows and challenge rows. */
const kobRows = async (m: Member) => ({
  entries: (await db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, m.userId)))
    .filter((e) => e.reason.startsWith('kob:'))
    .map((e) => [e.idempotencyKey.split(':')[0], e.currency, e.delta])
    .sort(),
  challenges: await db().select().from(kobChallenges).where(eq(kobChallenges.userId, m.userId)),
});
const schedule = (m: Member, value: string) =>
  db()
    .insert(userSettings)
    .values({ userId: m.userId, group: 'setting', key: 'kob_schedule', value });

describe('kob', () => {
  it('follows the gray options: the default threshold of 3 courses, then open to registered users', async () => {
    const m = await kit.member();
    expect(await state(m)).toMatchObject({ enabled: false });
    await gray({ kobDoneCoursesThreshold: 0, kobDisabled: 1 });
    expect(await state(m)).toMatchObject({ enabled: false });
    await gray({ kobDoneCoursesThreshold: 0 });
    expect(await state(m)).toMatchObject({ enabled: true });
    await readAloud(m, 1101, 90);
    await credits(m, 10);
    await gray({ kobDoneCoursesThreshold: 3 });
    expectError(await play(m, 1101), 200, 10400);
    await gray({ kobDoneCoursesThreshold: 0 });
  });

  it('is closed to guests and on days kob_schedule leaves out', async () => {
    expect(await state(await kit.member({ guest: true }))).toMatchObject({ enabled: false });
    const m = await kit.member();
    expect(await state(m)).toMatchObject({ enabled: true, open_today: true, schedule: 1 });
    await schedule(m, '12345');
    expect(await state(m)).toMatchObject({ enabled: true, open_today: false, schedule: 12345 });
    await readAloud(m, 1101, 90);
    await credits(m, 10);
    expectError(await play(m, 1101), 200, 10400);
  });

  it('a win spends 10 credits and pays 20 coins, once a day even when sent 50 times at once', async () => {
    const rival = await kit.member({ nickname: '小明' });
    await readAloud(rival, 1102, 70);
    const m = await kit.member();
    await schedule(m, '67'); // Saturday is a weekend day
    await credits(m, 25);
    expectError(await play(m, 1102), 200, 10400); // not read aloud today yet
    await readAloud(m, 1102, 60);
    await readAloud(m, 1102, 85);
    const before = await state(m);
    expect(before.candidates.map((c) => [c.book_info.id, c.score])).toEqual([[1102, 85]]);
    expect(before.today).toBeNull();

    const answers = await Promise.all(Array.from({ length: 50 }, () => play(m, 1102)));
    const ok = answers.filter((a) => a.json().code === 0);
    expect(ok).toHaveLength(1);
    expect(answers.filter((a) => a.json().code === 10104)).toHaveLength(49);
    expect(ok[0]?.json().data).toMatchObject({
      score: 85,
      opponent_score: 70,
      opponent_name: '小明',
      won: true,
      credits: 10,
      coins: 20,
    });
    expect(await readBalances(db(), m.userId)).toMatchObject({ credits: 15, coins: 20 });
    const rows = await kobRows(m);
    expect(rows.entries).toEqual([
      ['kob-entry', 'credits', -10],
      ['kob-win', 'coins', 20],
    ]);
    expect(rows.challenges).toHaveLength(1);
    expect((await state(m)).today).toMatchObject({ won: true, book_id: 1102 });
  });

  it('a loss sent 50 times at once spends the entry credits once', async () => {
    const rival = await kit.member();
    await readAloud(rival, 1101, 95);
    const m = await kit.member();
    await readAloud(m, 1101, 50);
    await credits(m, 25);
    const answers = await Promise.all(Array.from({ length: 50 }, () => play(m, 1101)));
    const codes = answers.map((a) => a.json().code as number);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === 10104)).toHaveLength(49);
    expect(await readBalances(db(), m.userId)).toMatchObject({ credits: 15, coins: 0 });
    const rows = await kobRows(m);
    expect(rows.entries).toEqual([['kob-entry', 'credits', -10]]);
    expect(rows.challenges.map((c) => c.won)).toEqual([false]);
  });

  it('a loss spends the credits only; without credits nothing is recorded', async () => {
    // Every other child on 1101 scored 90 or more.
    const rival = await kit.member();
    await readAloud(rival, 1101, 95);
    const poor = await kit.member();
    await readAloud(poor, 1101, 50);
    await credits(poor, 5);
    expectError(await play(poor, 1101), 200, 10400);
    expect(
      (await db().select().from(kobChallenges)).filter((r) => r.userId === poor.userId),
    ).toHaveLength(0);
    await credits(poor, 5);
    const lost = expectOk(await play(poor, 1101), endpoints.kobChallenge);
    expect(lost).toMatchObject({ won: false, coins: 0 });
    expect(await readBalances(db(), poor.userId)).toMatchObject({ credits: 0, coins: 0 });
  });
});
