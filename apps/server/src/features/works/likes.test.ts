import { endpoints } from '@picbook/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../test/envelope';
import { workLikes, works } from '../../platform/db/schema';
import { BOOK, type Family, REGION, startWorksKit, type WorksKit } from './works.test-kit';

/**
 * Likes (learning-content §4: once per user, ±1, floor 0), the guardian's consent to show works,
 * and one work's page (GET /api/v1/rank/{id}), through the real app and database. On PostgreSQL
 * (CI) the concurrent requests really run in parallel.
 */
let kit: WorksKit;
beforeAll(async () => {
  kit = await startWorksKit();
});
afterAll(() => kit.close());

const like = (id: number, who: Family) => kit.post(`/api/v1/rank/${id}/like`, who);
const unlike = (id: number, who: Family) => kit.post(`/api/v1/rank/${id}/unlike`, who);
const likesOf = async (id: number) => {
  const [row] = await kit.t.database.db.select().from(works).where(eq(works.id, id));
  return row?.likes;
};

describe('POST /api/v1/user/public_works', () => {
  it('is off until a guardian turns it on, and can be turned off again', async () => {
    const amy = await kit.family('Amy');
    expect(
      expectOk(await kit.get('/api/v1/user/public_works', amy), endpoints.getPublicWorks),
    ).toEqual({ consented: 0, updated_at: null });
    const on = expectOk(
      await kit.post('/api/v1/user/public_works', amy, { consented: 1 }),
      endpoints.setPublicWorks,
    );
    expect(on.consented).toBe(1);
    expect(on.updated_at).toBe(Math.floor(kit.t.clock.now().getTime() / 1000));
    expect(
      expectOk(await kit.get('/api/v1/user/public_works', amy), endpoints.getPublicWorks),
    ).toEqual(on);
    await kit.setPublic(amy, 0);
    const off = expectOk(await kit.get('/api/v1/user/public_works', amy), endpoints.getPublicWorks);
    expect(off.consented).toBe(0);
    expectError(await kit.post('/api/v1/user/public_works', amy, { consented: 2 }), 400, 10001);
    expectError(await kit.t.app.inject({ url: '/api/v1/user/public_works' }), 401, 10008);
  });
});

describe('POST /api/v1/rank/{id}/like and /unlike', () => {
  it('counts a like once, ignores an unlike without a like, and never goes below 0', async () => {
    const owner = await kit.family('Ben', { isPublic: true });
    const fan = await kit.family('Cat');
    const { workId } = await kit.record(owner, 80);

    // Unliking what one did not like changes nothing.
    expect(expectOk(await unlike(workId, fan), endpoints.unlikeWork)).toEqual({
      id: workId,
      like: 0,
      is_liked: false,
    });
    expect(expectOk(await like(workId, fan), endpoints.likeWork)).toEqual({
      id: workId,
      like: 1,
      is_liked: true,
    });
    // A second like is ignored.
    expect(expectOk(await like(workId, fan), endpoints.likeWork)).toEqual({
      id: workId,
      like: 1,
      is_liked: true,
    });
    expect(expectOk(await unlike(workId, fan), endpoints.unlikeWork)).toMatchObject({
      like: 0,
      is_liked: false,
    });
    expect(expectOk(await unlike(workId, fan), endpoints.unlikeWork)).toMatchObject({ like: 0 });

    // A counter that drifted to 0 under an existing like row stays at 0 on the unlike.
    expectOk(await like(workId, fan), endpoints.likeWork);
    await kit.t.database.db.update(works).set({ likes: 0 }).where(eq(works.id, workId));
    expect(expectOk(await unlike(workId, fan), endpoints.unlikeWork)).toEqual({
      id: workId,
      like: 0,
      is_liked: false,
    });
    expect(await likesOf(workId)).toBe(0);
  });

  it('20 concurrent likes from one user count once; 20 concurrent unlikes take back one', async () => {
    const owner = await kit.family('Dan', { isPublic: true });
    const fan = await kit.family('Eve');
    const { workId } = await kit.record(owner, 70);
    const answers = await Promise.all(Array.from({ length: 20 }, () => like(workId, fan)));
    for (const res of answers) {
      expect(expectOk(res, endpoints.likeWork)).toMatchObject({ id: workId, is_liked: true });
    }
    expect(await likesOf(workId)).toBe(1);
    const rows = await kit.t.database.db
      .select()
      .from(workLikes)
      .where(eq(workLikes.workId, workId));
    expect(rows).toHaveLength(1);

    const back = await Promise.all(Array.from({ length: 20 }, () => unlike(workId, fan)));
    for (const res of back) expect(expectOk(res, endpoints.unlikeWork).is_liked).toBe(false);
    expect(await likesOf(workId)).toBe(0);
  });

  it('concurrent likes from different users all count, and so do their unlikes', async () => {
    const owner = await kit.family('Fay', { isPublic: true });
    const fans = await Promise.all(Array.from({ length: 8 }, (_, i) => kit.family(`Fan${i}`)));
    const { workId } = await kit.record(owner, 60);
    await Promise.all(fans.flatMap((fan) => [like(workId, fan), like(workId, fan)]));
    expect(await likesOf(workId)).toBe(8);
    await Promise.all(fans.slice(0, 5).map((fan) => unlike(workId, fan)));
    expect(await likesOf(workId)).toBe(3);
    const seen = expectOk(await kit.get(`/api/v1/rank/${workId}`, fans[7]), endpoints.rankDetail);
    expect(seen).toMatchObject({ like: 3, is_liked: true });
  });

  it("refuses another child's work that is not public (10024), but one's own can be liked", async () => {
    const owner = await kit.family('Gus');
    const fan = await kit.family('Hal');
    const { workId } = await kit.record(owner, 90);
    expectError(await like(workId, fan), 200, 10024);
    expectError(await unlike(workId, fan), 200, 10024);
    expect(expectOk(await like(workId, owner), endpoints.likeWork)).toMatchObject({
      like: 1,
      is_liked: true,
    });
    // Public now: the fan may like it.
    await kit.setPublic(owner, 1);
    expect(expectOk(await like(workId, fan), endpoints.likeWork).like).toBe(2);
    // A work that does not exist, and a malformed id.
    expectError(await like(2_000_000_000, fan), 200, 10024);
    expectError(await like(0, fan), 400, 10001);
    expectError(
      await kit.t.app.inject({ method: 'POST', url: `/api/v1/rank/${workId}/like` }),
      401,
      10008,
    );
  });
});

describe('GET /api/v1/rank/{id}', () => {
  it('shows a work with its maker and items in reading order; hidden works only to the owner', async () => {
    const owner = await kit.family('Ivy', { region: REGION.shanghai });
    const viewer = await kit.family('Jon');
    const first = await kit.record(owner, 80, { page: 3 });
    await kit.record(owner, 90, { page: 1, uuid: first.uuid });
    await kit.record(owner, 70, { page: 2, uuid: first.uuid });

    const own = expectOk(
      await kit.get(`/api/v1/rank/${first.workId}`, owner),
      endpoints.rankDetail,
    );
    expect(own).toMatchObject({
      id: first.workId,
      rank_id: first.workId,
      book_id: BOOK.kite,
      type: 1,
      score: Math.ceil((80 + 90 + 70) / 5),
      like: 0,
      is_liked: false,
      finished: false,
      user: {
        id: owner.userId,
        nickname: 'Ivy',
        avatar: '/media/avatars/boy-1.svg',
        region: REGION.shanghai,
        regionName: '上海',
      },
    });
    expect(own.items.map((i) => [i.content_id, i.secondary_id, i.score])).toEqual([
      ['p1s1', 1, 90],
      ['p2s1', 2, 70],
      ['p3s1', 3, 80],
    ]);
    expect(own.items[2]?.audio_url).toBe(first.audioUrl);
    expect(own.items[0]?.words.map((w) => w.word)).toEqual(['It', 'is', 'a', 'windy', 'day.']);
    expect((await kit.get(own.items[0]?.audio_url ?? '')).statusCode).toBe(200);

    expectError(await kit.get(`/api/v1/rank/${first.workId}`, viewer), 200, 10024);
    expectError(await kit.get(`/api/v1/rank/${first.workId}`), 200, 10024);
    await kit.setPublic(owner, 1);
    expectOk(await like(first.workId, viewer), endpoints.likeWork);
    expect(
      expectOk(await kit.get(`/api/v1/rank/${first.workId}`, viewer), endpoints.rankDetail),
    ).toMatchObject({ like: 1, is_liked: true });
    // Without a token: visible once public, never liked.
    expect(
      expectOk(await kit.get(`/api/v1/rank/${first.workId}`), endpoints.rankDetail),
    ).toMatchObject({ like: 1, is_liked: false });
  });

  it("a child's recordings reach others only while consent holds: withdrawal takes effect at once", async () => {
    const owner = await kit.family('Noa', { isPublic: true });
    const viewer = await kit.family('Max');
    const work = await kit.record(owner, 80);
    const theirs = expectOk(
      await kit.get(`/api/v1/rank/${work.workId}`, viewer),
      endpoints.rankDetail,
    );
    const own = expectOk(await kit.get(`/api/v1/rank/${work.workId}`, owner), endpoints.rankDetail);
    const othersUrl = theirs.items[0]?.audio_url ?? '';
    const familyUrl = own.items[0]?.audio_url ?? '';
    expect(othersUrl).toMatch(/^\/uploads\/rec\/[0-9a-f]{32}\.wav\?exp=\d+&sig=[\w-]+&aud=public$/);
    expect(familyUrl).toContain('&aud=family');
    // Without its signature the link reaches nobody.
    expect((await kit.get(othersUrl.split('?')[0] ?? '')).statusCode).toBe(404);
    expect((await kit.get(othersUrl)).statusCode).toBe(200);

    await kit.setPublic(owner, 0);
    const withdrawn = await kit.get(othersUrl);
    expect(withdrawn.statusCode).toBe(404);
    expect(withdrawn.json()).toMatchObject({ code: 10404 });
    // The family keeps hearing the child.
    expect((await kit.get(familyUrl)).statusCode).toBe(200);
    await kit.setPublic(owner, 1);
    expect((await kit.get(othersUrl)).statusCode).toBe(200);
  });
});
