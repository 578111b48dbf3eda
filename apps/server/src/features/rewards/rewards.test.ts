import { endpoints } from '@picbook/contracts';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, newPhone, phoneLogin } from '../../../test/auth-helpers';
import { expectError, expectOk } from '../../../test/envelope';
import { multipart } from '../../../test/multipart';
import { settableJudge, toneWav } from '../../../test/speech-kit';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { ledgerEntries, works } from '../../platform/db/schema';
import { chinaDate } from '../../platform/time';
import { createConfigQueries } from '../configs';
import { importSampleBooks } from '../library/library.test-kit';

/**
 * Library rewards through the real API and database (PGlite here; CI runs the same file on
 * PostgreSQL, where the concurrent requests really run in parallel). Book 1101 The Red Kite has
 * 5 pages of one sentence each (p1s1 … p5s1). Seeded library_rewards: items 3 coins / 3 credits
 * at most, finishing 5 coins + 5 credits, sharing 2 coins. Scores come from a stand-in judge.
 */
const BOOK = 1101;
const { judge, state } = settableJudge(0);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ services: { speechJudge: judge } });
  await importSampleBooks(t.database.db, [BOOK]);
});
afterAll(() => t.close());

const wav = toneWav(1.2);
let runSeq = 0;
const newRun = () => `rw-${process.pid}-${++runSeq}-${Date.now()}`;

/** Reads one sentence of the run with the judge answering `score`. */
async function read(token: string, uuid: string, page: number, score: number, type = 1) {
  state.score = score;
  const body = multipart(
    {
      uuid,
      book_id: BOOK,
      secondary_id: page,
      content_id: type === 1 ? `p${page}s1` : `p${page}`,
      type,
    },
    wav,
    'take.wav',
    'audio',
  );
  expectOk(
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/audio',
      headers: { ...auth(token), 'content-type': body.contentType },
      payload: body.payload,
    }),
    endpoints.audio,
  );
}

const finish = (token: string, uuid: string, type = 1) =>
  t.app.inject({
    url: `/api/v1/books/${BOOK}/finish?uuid=${uuid}&type=${type}`,
    headers: auth(token),
  });
const share = (token: string, type = 1) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/books/${BOOK}/share/reward`,
    headers: auth(token),
    payload: { type },
  });
/** Every ledger row of a user. */
const userEntries = (userId: number) =>
  t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
/** The ledger keys of today's fixed finishing reward of BOOK in read mode. */
const fixedKeys = (userId: number) =>
  ['coins', 'credits'].map(
    (c) => `finish-fixed:${userId}:${BOOK}:1:${chinaDate(t.clock.now())}:${c}`,
  );
const balances = async (token: string) => {
  const user = expectOk(
    await t.app.inject({ url: '/api/v1/user', headers: auth(token) }),
    endpoints.userInfo,
  );
  return { coins: user.coins, credits: user.credits };
};

describe('GET /api/v1/library/reward/{bookId}', () => {
  it('lists every sentence with its maximum and what it has paid', async () => {
    const token = (await phoneLogin(t, newPhone())).access_token;
    const before = expectOk(
      await t.app.inject({ url: `/api/v1/library/reward/${BOOK}?type=1`, headers: auth(token) }),
      endpoints.libraryReward,
    );
    expect(before.sentence_list.map((s) => s.sentence_id)).toEqual([
      'p1s1',
      'p2s1',
      'p3s1',
      'p4s1',
      'p5s1',
    ]);
    expect(before.sentence_list[0]).toEqual({
      sentence_id: 'p1s1',
      coins: 3,
      credits: 3,
      best_score: 0,
      paid_coins: 0,
      paid_credits: 0,
    });
    const uuid = newRun();
    await read(token, uuid, 1, 92);
    expectOk(await finish(token, uuid), endpoints.finishBook);
    const after = expectOk(
      await t.app.inject({ url: `/api/v1/library/reward/${BOOK}`, headers: auth(token) }),
      endpoints.libraryReward,
    );
    expect(after.sentence_list[0]).toMatchObject({
      best_score: 92,
      paid_coins: 3,
      paid_credits: 3,
    });
    const speak = expectOk(
      await t.app.inject({ url: `/api/v1/library/reward/${BOOK}?type=2`, headers: auth(token) }),
      endpoints.libraryReward,
    );
    expect(speak.sentence_list.map((s) => s.sentence_id)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
    expect(speak.sentence_list[0]?.paid_coins).toBe(0);
  });
});

describe('GET /api/v1/books/{id}/finish', () => {
  it('pays the fixed reward plus 3/2/1 per item by its best score (90/70/50), once per run', async () => {
    const token = (await phoneLogin(t, newPhone())).access_token;
    const uuid = newRun();
    await read(token, uuid, 1, 95);
    await read(token, uuid, 2, 75);
    await read(token, uuid, 3, 55);
    await read(token, uuid, 4, 40);
    await read(token, uuid, 4, 49); // still under 50: nothing
    const paid = expectOk(await finish(token, uuid), endpoints.finishBook);
    expect(paid).toMatchObject({
      fixed_coins: 5,
      fixed_credits: 5,
      reward_coins: 3 + 2 + 1,
      reward_credits: 3 + 2 + 1,
      coins: 11,
      credits: 11,
    });
    expect(await balances(token)).toEqual({ coins: 11, credits: 11 });
    // Asking again answers the same and pays nothing.
    expect(expectOk(await finish(token, uuid), endpoints.finishBook)).toEqual(paid);
    expect(await balances(token)).toEqual({ coins: 11, credits: 11 });

    // A second run the same day pays only what better scores add: p1 95→95 (0), p2 75→92 (+1),
    // p4 49→72 (+2); the fixed finishing reward was paid today already.
    const again = newRun();
    await read(token, again, 1, 95);
    await read(token, again, 2, 92);
    await read(token, again, 4, 72);
    const second = expectOk(await finish(token, again), endpoints.finishBook);
    expect(second).toMatchObject({
      fixed_coins: 0,
      fixed_credits: 0,
      reward_coins: 3,
      reward_credits: 3,
      coins: 11 + 3,
    });
    // A worse run gets nothing: no new run id can collect the finishing reward again.
    const worse = newRun();
    await read(token, worse, 1, 60);
    const third = expectOk(await finish(token, worse), endpoints.finishBook);
    expect(third).toMatchObject({ fixed_coins: 0, reward_coins: 0, reward_credits: 0, coins: 14 });
  });

  it('pays the fixed reward only for a run that read at least half of the book', async () => {
    const token = (await phoneLogin(t, newPhone())).access_token;
    const short = newRun();
    await read(token, short, 1, 95);
    await read(token, short, 2, 95); // 2 of 5
    expect(expectOk(await finish(token, short), endpoints.finishBook)).toMatchObject({
      fixed_coins: 0,
      reward_coins: 6,
    });
    const half = newRun();
    for (const page of [3, 4, 5]) await read(token, half, page, 40); // 3 of 5, nothing by score
    expect(expectOk(await finish(token, half), endpoints.finishBook)).toMatchObject({
      fixed_coins: 5,
      fixed_credits: 5,
      reward_coins: 0,
      coins: 6 + 5,
    });
  });

  it('an item whose coins are set to 0 pays no coins but still its credits', async () => {
    const q = createConfigQueries(t.database.db);
    await q.upsert('library_rewards', {
      item_coins: 0,
      item_credits: 3,
      finish_coins: 5,
      finish_credits: 5,
      share_coins: 2,
    });
    try {
      const token = (await phoneLogin(t, newPhone())).access_token;
      const uuid = newRun();
      await read(token, uuid, 1, 90);
      const paid = expectOk(await finish(token, uuid), endpoints.finishBook);
      expect(paid).toMatchObject({ reward_coins: 0, reward_credits: 3 });
    } finally {
      await q.upsert('library_rewards', {
        item_coins: 3,
        item_credits: 3,
        finish_coins: 5,
        finish_credits: 5,
        share_coins: 2,
      });
    }
  });

  it('refuses a run without recordings (10400) and a run of another user', async () => {
    const token = (await phoneLogin(t, newPhone())).access_token;
    expectError(await finish(token, newRun()), 200, 10400);
    const uuid = newRun();
    await read(token, uuid, 1, 90);
    const other = (await phoneLogin(t, newPhone())).access_token;
    expectError(await finish(other, uuid), 200, 10400);
    expect(await balances(other)).toEqual({ coins: 0, credits: 0 });
  });

  it('pays exactly once under 50 concurrent identical requests', async () => {
    const login = await phoneLogin(t, newPhone());
    const token = login.access_token;
    const uuid = newRun();
    await read(token, uuid, 1, 90);
    await read(token, uuid, 2, 70);
    await read(token, uuid, 3, 55);
    const answers = await Promise.all(Array.from({ length: 50 }, () => finish(token, uuid)));
    const bodies = answers.map((r) => expectOk(r, endpoints.finishBook));
    for (const body of bodies) {
      expect(body).toMatchObject({ fixed_coins: 5, reward_coins: 6, reward_credits: 6 });
    }
    expect(await balances(token)).toEqual({ coins: 11, credits: 11 });
    const [work] = await t.database.db.select().from(works).where(eq(works.uuid, uuid));
    const entries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(like(ledgerEntries.idempotencyKey, `finish:${work?.id}:%`));
    expect(entries).toHaveLength(2);
    // The fixed finishing reward of the day: one coins row and one credits row, nothing else.
    const all = await userEntries(login.user.id);
    expect(all.map((e) => e.idempotencyKey).sort()).toEqual(
      [...entries.map((e) => e.idempotencyKey), ...fixedKeys(login.user.id)].sort(),
    );
  });

  it('two runs finishing at once (25 requests each) cannot both pay the same items or the finishing reward of the day', async () => {
    const login = await phoneLogin(t, newPhone());
    const token = login.access_token;
    const [a, b] = [newRun(), newRun()];
    for (const run of [a, b]) {
      for (const page of [1, 2, 3]) await read(token, run, page, 95);
    }
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => finish(token, i % 2 ? b : a)),
    );
    for (const r of answers) expectOk(r, endpoints.finishBook);
    // One finishing reward (5) and the three items once (3 × 3).
    expect(await balances(token)).toEqual({ coins: 14, credits: 14 });
    // Each run posts its own finish event once (the second pays nothing: no rows), and the
    // fixed reward is posted once.
    const all = await userEntries(login.user.id);
    expect(all.filter((e) => e.idempotencyKey.startsWith('finish-fixed:'))).toHaveLength(2);
    expect(all.filter((e) => e.idempotencyKey.startsWith('finish:'))).toHaveLength(2);
    expect(all).toHaveLength(4);
  });
});

describe('POST /api/v1/books/{id}/share/reward', () => {
  it('pays the share coins once under 50 concurrent requests, after a finished run (10400 before, 10104 after)', async () => {
    const login = await phoneLogin(t, newPhone());
    const token = login.access_token;
    expect(expectError(await share(token), 200, 10400).msg).toContain('读完');
    const uuid = newRun();
    for (const page of [1, 2, 3]) await read(token, uuid, page, 30);
    expectOk(await finish(token, uuid), endpoints.finishBook);
    const answers = await Promise.all(Array.from({ length: 50 }, () => share(token)));
    const ok = answers.filter((r) => r.json().code === 0);
    expect(ok).toHaveLength(1);
    expect(expectOk(ok[0] as (typeof answers)[number], endpoints.shareReward)).toEqual({
      coins: 2,
      balance: 5 + 2,
    });
    const refused = answers.filter((x) => x.json().code !== 0);
    expect(refused).toHaveLength(49);
    for (const r of refused) expectError(r, 200, 10104);
    expect(await balances(token)).toEqual({ coins: 7, credits: 5 });
    const shares = (await userEntries(login.user.id)).filter((e) =>
      e.idempotencyKey.startsWith('share:'),
    );
    expect(shares).toHaveLength(1);
    expect(shares[0]).toMatchObject({
      idempotencyKey: `share:${login.user.id}:${BOOK}:1:coins`,
      delta: 2,
      balanceAfter: 7,
    });
    // Speak mode is another reward.
    expectError(await share(token, 2), 200, 10400);
  });
});
