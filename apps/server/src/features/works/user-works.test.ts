import { endpoints, WORK_DELETED_MESSAGE } from '@picbook/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../test/envelope';
import { recordings, works } from '../../platform/db/schema';
import { BOOK, type Family, startWorksKit, type WorksKit } from './works.test-kit';

/**
 * A child's works pages (overview and list), deleting a work with its recordings, and account
 * deletion, through the real app, database and local object storage.
 */
let kit: WorksKit;
beforeAll(async () => {
  kit = await startWorksKit();
});
afterAll(() => kit.close());

const keyOf = (audioUrl: string) => (audioUrl.split('?')[0] ?? '').replace('/uploads/', '');
const list = async (owner: Family, query: string, viewer: Family = owner) =>
  expectOk(
    await kit.get(`/api/v1/user/works/${owner.userId}?${query}`, viewer),
    endpoints.userWorks,
  );
const ids = (page: { list: Array<{ work_info: { id: number } }> }) =>
  page.list.map((e) => e.work_info.id);

describe('GET /api/v1/user/works/{id}', () => {
  let owner: Family;
  let w: number[];
  beforeAll(async () => {
    owner = await kit.family('Amy');
    w = [
      (await kit.record(owner, 50)).workId, // kite, repeat: 10
      (await kit.record(owner, 100, { type: 2 })).workId, // kite, speak: 20
      (await kit.record(owner, 99, { book: BOOK.second })).workId, // 1102 (7 sentences): 15
      (await kit.record(owner, 100, { book: BOOK.level2 })).workId, // 1201 (16 sentences), level 2: 7
      (await kit.record(owner, 75)).workId, // kite, repeat: 15, later than the 1102 one
    ];
    const fans = [await kit.family('Fan1'), await kit.family('Fan2')];
    await kit.setPublic(owner, 1);
    for (const fan of fans) await kit.post(`/api/v1/rank/${w[3]}/like`, fan);
    await kit.post(`/api/v1/rank/${w[0]}/like`, fans[0] as Family);
    await kit.setPublic(owner, 0);
  });

  it('pages newest first by default: 5 works, 2 a page → 3 pages, the last holding one', async () => {
    const first = await list(owner, 'page_size=2');
    expect(first).toMatchObject({ page: 1, page_size: 2, page_count: 3, total: 5 });
    expect(ids(first)).toEqual([w[4], w[3]]);
    expect(ids(await list(owner, 'page_size=2&page=2'))).toEqual([w[2], w[1]]);
    const last = await list(owner, 'page_size=2&page=3');
    expect(ids(last)).toEqual([w[0]]);
    expect(last.page_count).toBe(3);
    expect(await list(owner, '')).toMatchObject({ page_size: 50, page_count: 1, total: 5 });
    expect(first.list[0]).toMatchObject({
      nickname: 'Amy',
      is_liked: false,
      work_info: {
        id: w[4],
        like: 0,
        book_id: BOOK.kite,
        title_en: 'The Red Kite',
        level: 1,
        type: 1,
        score: 15,
      },
    });
    expect(first.list[0]?.work_info.cover.image).toMatch(/^\/media\//);
  });

  it.each([
    ['time_asc', [0, 1, 2, 3, 4]],
    ['time_desc', [4, 3, 2, 1, 0]],
    ['score_desc', [1, 2, 4, 0, 3]],
    ['like_desc', [3, 0, 4, 2, 1]],
  ])('sort=%s', async (sort, order) => {
    expect(ids(await list(owner, `sort=${sort}`))).toEqual(order.map((i) => w[i]));
  });

  it('filters by mode (-1 any, 1, 2) and book level', async () => {
    expect(ids(await list(owner, 'type=2'))).toEqual([w[1]]);
    expect(ids(await list(owner, 'type=1'))).toEqual([w[4], w[3], w[2], w[0]]);
    expect((await list(owner, 'type=-1')).total).toBe(5);
    expect(ids(await list(owner, 'level=2'))).toEqual([w[3]]);
    expect(ids(await list(owner, 'level=1&type=1&sort=time_asc'))).toEqual([w[0], w[2], w[4]]);
    expect(await list(owner, 'level=3')).toMatchObject({ list: [], total: 0, page_count: 1 });
    for (const bad of ['type=3', 'sort=newest', 'page_size=101', 'page=0', 'level=7']) {
      expectError(await kit.get(`/api/v1/user/works/${owner.userId}?${bad}`, owner), 400, 10001);
    }
  });

  it("shows another child's works only while they are public; is_liked is the viewer's", async () => {
    const viewer = await kit.family('Ben');
    expectError(await kit.get(`/api/v1/user/works/${owner.userId}`, viewer), 200, 10024);
    expectError(await kit.get(`/api/v1/user/works/${owner.userId}`), 200, 10024);
    await kit.setPublic(owner, 1);
    try {
      expectOk(await kit.post(`/api/v1/rank/${w[2]}/like`, viewer), endpoints.likeWork);
      const seen = await list(owner, 'sort=time_asc', viewer);
      expect(seen.list.map((e) => e.is_liked)).toEqual([false, false, true, false, false]);
      expect(
        expectOk(await kit.get(`/api/v1/user/works/${owner.userId}`), endpoints.userWorks).total,
      ).toBe(5);
      await kit.post(`/api/v1/rank/${w[2]}/unlike`, viewer);
    } finally {
      await kit.setPublic(owner, 0);
    }
    expectError(await kit.get('/api/v1/user/works/2000000000', viewer), 200, 10024);
  });
});

describe('GET /api/v1/user/overview/{id}', () => {
  it('shows who, how many works and likes, and the 10 best works', async () => {
    const owner = await kit.family('Cat');
    const scores = [10, 95, 40, 100, 55, 70, 25, 85, 60, 30, 90];
    const made = [];
    for (const x of scores) made.push(await kit.record(owner, x));
    const fan = await kit.family('Dan');
    expectError(await kit.get(`/api/v1/user/overview/${owner.userId}`, fan), 200, 10024);

    const own = expectOk(
      await kit.get(`/api/v1/user/overview/${owner.userId}`, owner),
      endpoints.userOverview,
    );
    expect(own).toMatchObject({
      user: { id: owner.userId, nickname: 'Cat', region: 214, regionName: '北京', level: 1 },
      is_self: true,
      is_public: false,
      works_count: 11,
      likes_total: 0,
    });
    expect(own.best).toHaveLength(10);
    expect(own.best.map((e) => e.work_info.score)).toEqual(
      [...scores]
        .sort((a, b) => b - a)
        .slice(0, 10)
        .map((x) => Math.ceil(x / 5)),
    );

    await kit.setPublic(owner, 1);
    const fans = [fan, await kit.family('Eve')];
    for (const f of fans) {
      await kit.post(`/api/v1/rank/${made[1]?.workId}/like`, f);
      await kit.post(`/api/v1/rank/${made[3]?.workId}/like`, f);
    }
    const seen = expectOk(
      await kit.get(`/api/v1/user/overview/${owner.userId}`, fan),
      endpoints.userOverview,
    );
    expect(seen).toMatchObject({
      is_self: false,
      is_public: true,
      works_count: 11,
      likes_total: 4,
    });
    expect(seen.best[0]).toMatchObject({ is_liked: true, nickname: 'Cat', work_info: { like: 2 } });
    expectOk(await kit.get(`/api/v1/user/overview/${owner.userId}`), endpoints.userOverview);
    expectError(await kit.get('/api/v1/user/overview/2000000000', fan), 200, 10024);
  });
});

describe('DELETE /api/v1/user/works/{id}', () => {
  it('deletes my work with its recordings, rows and files; others get 10024 and change nothing', async () => {
    const owner = await kit.family('Fay', { isPublic: true });
    const other = await kit.family('Gus');
    const run = await kit.record(owner, 80, { page: 1 });
    const p2 = await kit.record(owner, 70, { page: 2, uuid: run.uuid });
    expectOk(await kit.post(`/api/v1/rank/${run.workId}/like`, other), endpoints.likeWork);
    const storage = kit.t.app.deps.storage;

    expectError(await kit.del(`/api/v1/user/works/${run.workId}`, other), 200, 10024);
    expect(await storage.exists(keyOf(run.audioUrl))).toBe(true);
    expectOk(await kit.get(`/api/v1/rank/${run.workId}`, other), endpoints.rankDetail);

    expect(
      expectOk(await kit.del(`/api/v1/user/works/${run.workId}`, owner), endpoints.deleteWork),
    ).toEqual({ id: run.workId });
    for (const url of [run.audioUrl, p2.audioUrl]) {
      expect(await storage.exists(keyOf(url))).toBe(false);
      expect((await kit.get(url)).statusCode).toBe(404);
      expect(
        await kit.t.database.db
          .select()
          .from(recordings)
          .where(eq(recordings.key, keyOf(url))),
      ).toEqual([]);
    }
    expectError(await kit.get(`/api/v1/rank/${run.workId}`, owner), 200, 10024);
    expectError(await kit.post(`/api/v1/rank/${run.workId}/like`, other), 200, 10024);
    expectError(await kit.del(`/api/v1/user/works/${run.workId}`, owner), 200, 10024);
    expectError(
      await kit.t.app.inject({ method: 'DELETE', url: `/api/v1/user/works/${run.workId}` }),
      401,
      10008,
    );
    expect(WORK_DELETED_MESSAGE['zh-CN']).toBe('作品删除成功');
  });

  it('keeps a recording another work still uses, and removes it with the last one', async () => {
    const owner = await kit.family('Hal');
    const first = await kit.record(owner, 85);
    // The same recording filed again by its URL in another run: two works share it.
    const second = await kit.record(owner, 85, { audio: first.audioUrl });
    expect(second.audioUrl).toBe(first.audioUrl);
    expect(second.workId).not.toBe(first.workId);
    const key = keyOf(first.audioUrl);
    const storage = kit.t.app.deps.storage;

    expectOk(await kit.del(`/api/v1/user/works/${first.workId}`, owner), endpoints.deleteWork);
    expect(await storage.exists(key)).toBe(true);
    expect((await kit.get(first.audioUrl)).statusCode).toBe(200);
    expectOk(await kit.del(`/api/v1/user/works/${second.workId}`, owner), endpoints.deleteWork);
    expect(await storage.exists(key)).toBe(false);
    expect((await kit.get(first.audioUrl)).statusCode).toBe(404);
  });

  it('two deletions of works sharing a recording at once still remove it', async () => {
    const owner = await kit.family('Ivy');
    const first = await kit.record(owner, 85);
    const second = await kit.record(owner, 85, { audio: first.audioUrl });
    const answers = await Promise.all([
      kit.del(`/api/v1/user/works/${first.workId}`, owner),
      kit.del(`/api/v1/user/works/${second.workId}`, owner),
    ]);
    for (const res of answers) expectOk(res, endpoints.deleteWork);
    expect(await kit.t.app.deps.storage.exists(keyOf(first.audioUrl))).toBe(false);
  });
});

describe('account deletion', () => {
  it('removes the works and recordings of the account and takes back the likes it gave', async () => {
    const leaving = await kit.family('Jon', { isPublic: true });
    const staying = await kit.family('Kim', { isPublic: true });
    const kept = await kit.record(staying, 60, { book: BOOK.second });
    const gone = await kit.record(leaving, 90, { book: BOOK.second });
    expectOk(await kit.post(`/api/v1/rank/${kept.workId}/like`, leaving), endpoints.likeWork);
    expectOk(await kit.post(`/api/v1/rank/${gone.workId}/like`, staying), endpoints.likeWork);
    const before = expectOk(
      await kit.get(`/api/v1.2/books/${BOOK.second}/ranks`),
      endpoints.bookRanks,
    );
    expect(before.list.map((r) => r.nickname)).toEqual(['Jon', 'Kim']);

    const res = await kit.post('/api/v1/user/cancel', leaving);
    expect(expectOk(res, endpoints.cancelAccount)).toEqual({ deleted: true });

    const after = expectOk(
      await kit.get(`/api/v1.2/books/${BOOK.second}/ranks`, staying),
      endpoints.bookRanks,
    );
    expect(after.list.map((r) => [r.nickname, r.like])).toEqual([['Kim', 0]]);
    expect(await kit.t.database.db.select().from(works).where(eq(works.id, gone.workId))).toEqual(
      [],
    );
    expect(await kit.t.app.deps.storage.exists(keyOf(gone.audioUrl))).toBe(false);
    expectError(await kit.get(`/api/v1/user/overview/${leaving.userId}`, staying), 200, 10024);
  });
});
