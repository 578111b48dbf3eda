import { endpoints } from '@picbook/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../test/envelope';
import { userRights } from '../../platform/db/schema';
import { BOOK, type Family, startWorksKit, type WorksKit } from './works.test-kit';

/**
 * Rankings, my rank and PK through the real app and database. Scores: one recorded sentence of
 * The Red Kite (5 sentences) scoring x gives the work ceil(x / 5); see works.test-kit.ts.
 */
let kit: WorksKit;
beforeAll(async () => {
  kit = await startWorksKit();
});
afterAll(() => kit.close());

const ranks = async (query: string, who?: Family, book: number = BOOK.kite) =>
  expectOk(await kit.get(`/api/v1.2/books/${book}/ranks?${query}`, who), endpoints.bookRanks);
const names = (list: Array<{ nickname: string }>) => list.map((r) => r.nickname);

describe('GET /api/v1.2/books/{id}/ranks', () => {
  it("lists each public child's best work once, by score with the earlier first on a tie", async () => {
    const amy = await kit.family('Amy', { isPublic: true });
    const ben = await kit.family('Ben', { isPublic: true });
    const cat = await kit.family('Cat');
    const dan = await kit.family('Dan', { isPublic: true });
    const eve = await kit.family('Eve', { isPublic: true });
    await kit.record(amy, 60); // 12
    const amyBest = await kit.record(amy, 90); // 18
    const benBest = await kit.record(ben, 90); // 18, later than Amy's
    await kit.record(cat, 100); // 20, not public
    const danBest = await kit.record(dan, 50); // 10
    await kit.record(eve, 100, { type: 2 }); // speak mode: another ranking

    const byScore = await ranks('type=1&sort=2', cat);
    expect(byScore).toMatchObject({ page: 1, page_size: 10, page_count: 1, total: 3 });
    expect(byScore.list.map((r) => [r.nickname, r.rank, r.score, r.rank_id])).toEqual([
      ['Amy', 1, 18, amyBest.workId],
      ['Ben', 2, 18, benBest.workId],
      ['Dan', 3, 10, danBest.workId],
    ]);
    expect(byScore.list[0]).toMatchObject({
      id: amyBest.workId,
      user_id: amy.userId,
      avatar: '/media/avatars/boy-1.svg',
      region: 214,
      regionName: '北京',
      book_id: BOOK.kite,
      type: 1,
      like: 0,
      is_liked: false,
    });
    // The defaults are type 1, sort 2; no token is needed.
    expect(names((await ranks('')).list)).toEqual(['Amy', 'Ben', 'Dan']);
    expect(names((await ranks('type=2')).list)).toEqual(['Eve']);

    // Sort 1: by likes, then as by score; is_liked is the caller's.
    for (const fan of [cat, ben]) {
      expectOk(await kit.post(`/api/v1/rank/${danBest.workId}/like`, fan), endpoints.likeWork);
    }
    expectOk(await kit.post(`/api/v1/rank/${benBest.workId}/like`, cat), endpoints.likeWork);
    const byLikes = await ranks('type=1&sort=1', cat);
    expect(byLikes.list.map((r) => [r.nickname, r.like, r.is_liked])).toEqual([
      ['Dan', 2, true],
      ['Ben', 1, true],
      ['Amy', 0, false],
    ]);

    // Consent moves children in and out.
    await kit.setPublic(cat, 1);
    await kit.setPublic(amy, 0);
    expect(names((await ranks('type=1')).list)).toEqual(['Cat', 'Ben', 'Dan']);
  });

  it('pages: page_count, the last page, a page past the end, and the size limits', async () => {
    const book = BOOK.second;
    const children: Family[] = [];
    for (let i = 0; i < 12; i++) {
      const child = await kit.family(`Kid${String(i).padStart(2, '0')}`, { isPublic: true });
      // Kid00 best … Kid11 worst: 1102 has 7 sentences, so 99 − 7i keeps the scores apart.
      await kit.record(child, 99 - 7 * i, { book });
      children.push(child);
    }
    const first = await ranks('page_size=5', undefined, book);
    expect(first).toMatchObject({ page: 1, page_size: 5, page_count: 3, total: 12 });
    expect(names(first.list)).toEqual(['Kid00', 'Kid01', 'Kid02', 'Kid03', 'Kid04']);
    const last = await ranks('page_size=5&page=3', undefined, book);
    expect(last).toMatchObject({ page: 3, page_count: 3, total: 12 });
    expect(last.list.map((r) => [r.nickname, r.rank])).toEqual([
      ['Kid10', 11],
      ['Kid11', 12],
    ]);
    const past = await ranks('page_size=5&page=4', undefined, book);
    expect(past).toMatchObject({ list: [], page: 4, page_count: 3, total: 12 });
    // Default page size 10 (spec §9).
    const byDefault = await ranks('', undefined, book);
    expect(byDefault).toMatchObject({ page_size: 10, page_count: 2 });
    expect(byDefault.list).toHaveLength(10);
    expect(names((await ranks('page=2', undefined, book)).list)).toEqual(['Kid10', 'Kid11']);

    expectError(await kit.get(`/api/v1.2/books/${book}/ranks?page_size=51`), 400, 10001);
    expectError(await kit.get(`/api/v1.2/books/${book}/ranks?page=0`), 400, 10001);
    expectError(await kit.get(`/api/v1.2/books/${book}/ranks?sort=3`), 400, 10001);
    expectError(await kit.get('/api/v1.2/books/999999/ranks'), 200, 10024);
    // An empty ranking still has one page.
    expect(await ranks('', undefined, BOOK.level2)).toEqual({
      list: [],
      page: 1,
      page_size: 10,
      page_count: 1,
      total: 0,
    });
  });
});

describe('GET /api/v1.2/books/{id}/myrank', () => {
  it('answers my best work and its place; no place while not public, nothing without a work', async () => {
    const url = `/api/v1.2/books/${BOOK.kite}/myrank?type=2`;
    const me = await kit.family('Max');
    expect(expectOk(await kit.get(url, me), endpoints.myRank)).toMatchObject({
      rank: null,
      item: null,
    });
    const rivals = [
      await kit.family('Ned', { isPublic: true }),
      await kit.family('Oli', { isPublic: true }),
    ];
    await kit.record(rivals[0] as Family, 95, { type: 2 }); // 19
    await kit.record(rivals[1] as Family, 40, { type: 2 }); // 8
    const others = expectOk(await kit.get(url, me), endpoints.myRank).total;

    await kit.record(me, 30, { type: 2 }); // 6
    const best = await kit.record(me, 70, { type: 2 }); // 14
    const hidden = expectOk(await kit.get(url, me), endpoints.myRank);
    expect(hidden).toMatchObject({ rank: null, total: others });
    expect(hidden.item).toMatchObject({
      rank_id: best.workId,
      score: 14,
      rank: null,
      nickname: 'Max',
    });

    await kit.setPublic(me, 1);
    const shown = expectOk(await kit.get(url, me), endpoints.myRank);
    const list = (await ranks('type=2')).list;
    const place = list.findIndex((r) => r.user_id === me.userId) + 1;
    expect(place).toBeGreaterThan(0);
    expect(shown).toMatchObject({ rank: place, total: others + 1 });
    expect(shown.item).toMatchObject({ rank_id: best.workId, rank: place });
    // Ned (19) is ahead, Oli (8) behind.
    expect(list.findIndex((r) => r.nickname === 'Ned') + 1).toBeLessThan(place);
    expect(list.findIndex((r) => r.nickname === 'Oli') + 1).toBeGreaterThan(place);

    // By likes: a like puts Oli first.
    expectOk(
      await kit.post(`/api/v1/rank/${list.find((r) => r.nickname === 'Oli')?.rank_id}/like`, me),
      endpoints.likeWork,
    );
    const byLikes = expectOk(await kit.get(`${url}&sort=1`, me), endpoints.myRank);
    const likeList = (await ranks('type=2&sort=1')).list;
    expect(likeList[0]?.nickname).toBe('Oli');
    expect(byLikes.rank).toBe(likeList.findIndex((r) => r.user_id === me.userId) + 1);
    expectError(await kit.get(url), 401, 10008);
  });
});

/** The same recording as its owner's URL, signed for others (checked against their consent). */
const heardByOthers = (ownersUrl: string) =>
  expect.stringMatching(
    new RegExp(`^${ownersUrl.split('?')[0]}\\?exp=\\d+&sig=[\\w-]+&aud=public$`),
  );

describe('GET /api/v1.2/books/{id}/pk', () => {
  const pk = (rankId: number, who: Family, type = 1, book: number = BOOK.kite) =>
    kit.get(`/api/v1.2/books/${book}/pk?type=${type}&rank_id=${rankId}`, who);

  it('sets my best work against a public one, sentence by sentence', async () => {
    const me = await kit.family('Pam');
    const them = await kit.family('Quin', { isPublic: true });
    const mine = await kit.record(me, 80, { page: 1 });
    const mineP2 = await kit.record(me, 60, { page: 2, uuid: mine.uuid });
    await kit.record(me, 20, { page: 1 }); // a worse run is not my best
    const theirs = await kit.record(them, 90, { page: 1 });
    const theirsP3 = await kit.record(them, 100, { page: 3, uuid: theirs.uuid });

    const answer = expectOk(await pk(theirs.workId, me), endpoints.bookPk);
    expect(answer).toMatchObject({
      book_id: BOOK.kite,
      type: 1,
      mine: { rank_id: mine.workId, nickname: 'Pam', score: 28 },
      theirs: { rank_id: theirs.workId, nickname: 'Quin', score: 38, user_id: them.userId },
      totals: { mine: 28, theirs: 38 },
      winner: 'theirs',
    });
    expect(answer.list.map((i) => i.content_id)).toEqual(['p1s1', 'p2s1', 'p3s1', 'p4s1', 'p5s1']);
    expect(answer.list[0]).toEqual({
      content_id: 'p1s1',
      secondary_id: 1,
      text: 'It is a windy day.',
      mine: { score: 80, audio_url: mine.audioUrl },
      theirs: { score: 90, audio_url: heardByOthers(theirs.audioUrl) },
    });
    expect(answer.list[1]).toMatchObject({
      text: 'Dad has a red kite.',
      mine: { score: 60, audio_url: mineP2.audioUrl },
      theirs: null,
    });
    expect(answer.list[2]).toMatchObject({
      mine: null,
      theirs: { score: 100, audio_url: heardByOthers(theirsP3.audioUrl) },
    });
    expect(answer.list[4]).toMatchObject({ mine: null, theirs: null });

    // Without a work of my own: nothing on my side, and they win.
    const newcomer = await kit.family('Rex');
    expect(expectOk(await pk(theirs.workId, newcomer), endpoints.bookPk)).toMatchObject({
      mine: null,
      totals: { mine: 0, theirs: 38 },
      winner: 'theirs',
    });
    // Against my own (not public) work: allowed, a draw.
    expect(expectOk(await pk(mine.workId, me), endpoints.bookPk).winner).toBe('draw');
  });

  it('refuses works that are hidden, gone, of another book or mode (10024) and locked books (10400)', async () => {
    const me = await kit.family('Sam');
    const hidden = await kit.family('Tia');
    const hiddenWork = await kit.record(hidden, 90);
    expectError(await pk(hiddenWork.workId, me), 200, 10024);
    await kit.setPublic(hidden, 1);
    expectOk(await pk(hiddenWork.workId, me), endpoints.bookPk);
    expectError(await pk(hiddenWork.workId, me, 2), 200, 10024);
    expectError(await pk(hiddenWork.workId, me, 1, BOOK.second), 200, 10024);
    expectError(await pk(2_000_000_000, me), 200, 10024);
    expectError(await kit.get(`/api/v1.2/books/${BOOK.kite}/pk?type=1`, me), 400, 10001);

    // A member's work on a members-only book: others without the right cannot see its text.
    const member = await kit.family('Uma', { isPublic: true });
    await kit.t.database.db.insert(userRights).values({
      userId: member.userId,
      name: 'vip',
      vipType: 1,
      expireTime: new Date('2031-01-01T00:00:00Z'),
    });
    const membersWork = await kit.record(member, 90, { book: BOOK.members });
    expect(
      expectOk(await pk(membersWork.workId, member, 1, BOOK.members), endpoints.bookPk).list.length,
    ).toBeGreaterThan(0);
    expectError(await pk(membersWork.workId, me, 1, BOOK.members), 200, 10400);
  });
});
