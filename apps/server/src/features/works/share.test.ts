import fs from 'node:fs';
import path from 'node:path';
import { endpoints, type TSharedWork } from '@picbook/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../test/envelope';
import { userRights } from '../../platform/db/schema';
import { createShareTokens } from './share-token';
import { BOOK, type Family, startWorksKit, type WorksKit } from './works.test-kit';

/**
 * Sharing one work with the family (issue 40 item 2, decision 092): the owner's share address,
 * the public page's answer without an account, and what an attacker gets from forged or altered
 * tokens, odd spellings, another family's work, withdrawn consent and deleted works: nothing
 * personal (no phone, no user id, no other works).
 */
let kit: WorksKit;
beforeAll(async () => {
  kit = await startWorksKit();
});
afterAll(() => kit.close());

const linkOf = async (workId: number, owner: Family) =>
  expectOk(await kit.get(`/api/v1/rank/${workId}/share_link`, owner), endpoints.workShareLink);
const open = async (token: string): Promise<TSharedWork> =>
  expectOk(await kit.get(`/api/v1/shared/${token}`), endpoints.sharedWork);

/** Whatever an answer says, as text: to look for things that must not be in it. */
const text = (value: unknown) => JSON.stringify(value);

/** A stranger fetches a URL the answer gave (no token, no cookie). */
const fetchAnon = (url: string) => kit.t.app.inject({ url });

/** The test app's media folder is empty: puts a stand-in file where a /media URL points. */
const placeMedia = (url: string) => {
  const file = path.join(kit.t.config.mediaDir, url.replace(/^\/media\//, '').replace(/\?.*$/, ''));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, Buffer.from('RIFF0000WEBPVP8 '));
};

describe('share tokens', () => {
  const tokens = createShareTokens('k'.repeat(40));
  it('round-trip, are 27 characters, and differ per work and per key', () => {
    const a = tokens.tokenOf(1);
    expect(a).toMatch(/^[A-Za-z0-9_-]{27}$/);
    expect(tokens.verify(a)).toBe(1);
    expect(tokens.verify(tokens.tokenOf(2_147_483_647))).toBe(2_147_483_647);
    expect(tokens.tokenOf(2)).not.toBe(a);
    expect(createShareTokens('j'.repeat(40)).verify(a)).toBeNull();
  });

  it('refuse every altered character, the other spellings of the last one, and junk', () => {
    const a = tokens.tokenOf(12345);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let i = 0; i < a.length; i++) {
      for (const c of alphabet) {
        if (c === a[i]) continue;
        const altered = `${a.slice(0, i)}${c}${a.slice(i + 1)}`;
        expect(tokens.verify(altered), altered).toBeNull();
      }
    }
    for (const junk of [
      '',
      a.slice(1),
      `${a}A`,
      a.toUpperCase(),
      `${a.slice(0, 26)}=`,
      'x'.repeat(27),
    ]) {
      if (junk === a) continue;
      expect(tokens.verify(junk)).toBeNull();
    }
  });
});

describe('GET /api/v1/rank/{id}/share_link and GET /api/v1/shared/{token}', () => {
  it("opens the work without an account: the nickname, the pages read and the child's recordings", async () => {
    const owner = await kit.family('Lily', { isPublic: true });
    const run = await kit.record(owner, 90, { page: 1 });
    await kit.record(owner, 80, { page: 3, uuid: run.uuid });
    // Another work of the same child, which the share must not show.
    await kit.record(owner, 70, { page: 2 });

    const link = await linkOf(run.workId, owner);
    expect(link.path).toBe(`/s/${link.token}`);
    expect(link.shared).toBe(1);
    // The same address every time (a printed poster keeps working).
    expect((await linkOf(run.workId, owner)).token).toBe(link.token);

    const res = await kit.get(`/api/v1/shared/${link.token}`);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = expectOk(res, endpoints.sharedWork);
    expect(answer.shared).toBe(1);
    const work = answer.work;
    expect(work?.nickname).toBe('Lily');
    expect(work?.type).toBe(1);
    expect(work?.book.title_en).toBe('The Red Kite');
    // Only pages 1 and 3, the ones recorded in this run, in reading order.
    expect(work?.pages.map((p) => p.page)).toEqual([1, 3]);
    expect(work?.pages[0]?.sentences[0]?.en).toBe('It is a windy day.');
    expect(work?.pages.flatMap((p) => p.recordings.map((r) => r.content_id))).toEqual([
      'p1s1',
      'p3s1',
    ]);
    // Nothing personal beyond the nickname: no user or work id, phone, avatar, region, likes.
    expect(Object.keys(work ?? {}).sort()).toEqual(['book', 'nickname', 'pages', 'score', 'type']);
    expect(text(answer)).not.toMatch(/user_id|"id"|phone|avatar|region|like/);
    expect(text(answer)).not.toContain(String(owner.userId));

    // The recordings play for a stranger (signed for others), and so do the pages' pictures.
    for (const page of work?.pages ?? []) {
      for (const r of page.recordings) {
        expect(r.audio_url).toMatch(/^\/uploads\/.+aud=public/);
        const played = await fetchAnon(r.audio_url);
        expect(played.statusCode, r.audio_url).toBe(200);
        expect(played.headers['content-type']).toMatch(/audio/);
      }
      placeMedia(page.image);
      expect((await fetchAnon(page.image)).statusCode, page.image).toBe(200);
    }
  });

  it('a members-only book: only the pages of the shared work are signed, the rest stays closed', async () => {
    const owner = await kit.family('Max', { isPublic: true });
    await kit.t.database.db.insert(userRights).values({
      userId: owner.userId,
      name: 'vip',
      vipType: 1,
      expireTime: new Date('2031-01-01T00:00:00Z'),
    });
    const run = await kit.record(owner, 88, { book: BOOK.members, page: 2 });
    const stranger = await kit.family('Kim');
    const work = (await open((await linkOf(run.workId, owner)).token)).work;
    expect(work?.pages.map((p) => p.page)).toEqual([2]);
    const image = work?.pages[0]?.image ?? '';
    expect(image).toMatch(/^\/media\/books\/1106\/.+\?exp=\d+&sig=/);
    placeMedia(image);
    expect((await fetchAnon(image)).statusCode).toBe(200);
    // The same file without its signature, and page 1's file, are refused.
    expect((await fetchAnon(image.replace(/\?.*$/, ''))).statusCode).toBe(403);
    const book = expectOk(
      await kit.get(`/api/v1.1/books/${BOOK.members}`, stranger),
      endpoints.book,
    );
    expect(book.pages).toEqual([]);
  });

  it('another family cannot get the share address of a work that is not theirs', async () => {
    const owner = await kit.family('Nia', { isPublic: true });
    const other = await kit.family('Oz', { isPublic: true });
    const { workId } = await kit.record(owner, 90);
    expectError(await kit.get(`/api/v1/rank/${workId}/share_link`, other), 200, 10024);
    expectError(await kit.get(`/api/v1/rank/${workId + 100000}/share_link`, owner), 200, 10024);
    expectError(await kit.get(`/api/v1/rank/${workId}/share_link`), 401, 10008);
  });

  it('forged, altered and oddly spelt tokens answer nothing personal', async () => {
    const owner = await kit.family('Pip', { isPublic: true });
    const { workId } = await kit.record(owner, 90);
    const { token } = await linkOf(workId, owner);
    const tokens = createShareTokens(kit.t.app.deps.config.mediaUrlKey);
    // A neighbour's id with this signature, a signature of another key, a flipped character.
    const forged = Buffer.from(token, 'base64url');
    forged.writeUInt32BE(workId + 1);
    const flip = (i: number) =>
      `${token.slice(0, i)}${token[i] === 'A' ? 'B' : 'A'}${token.slice(i + 1)}`;
    const attempts = [
      forged.toString('base64url'),
      createShareTokens('x'.repeat(40)).tokenOf(workId),
      flip(0),
      flip(5),
      flip(26),
    ];
    for (const bad of attempts) {
      expect(tokens.verify(bad)).toBeNull();
      const res = await kit.get(`/api/v1/shared/${bad}`);
      expectError(res, 200, 10024);
      expect(res.body).not.toContain('Pip');
    }
    // Malformed: the contract refuses them before anything runs.
    for (const bad of [`${token}A`, token.slice(1), `${token.slice(0, 26)}%2B`, "' OR 1=1 --"]) {
      const res = await kit.get(`/api/v1/shared/${encodeURIComponent(bad)}`);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.body).not.toContain('Pip');
    }
    // Odd spellings of the genuine path: resolved once to the same answer, or refused.
    for (const odd of [
      `/api/v1/shared/${token}/`,
      `/api/v1//shared/${token}`,
      `/api/v1/shared/./${token}`,
      `/api/v1/x/../shared/${token}`,
      `/api/v1/%73hared/${token}`,
      `/API/V1/SHARED/${token}`,
      `/api/v1/shared/${token.toLowerCase()}`,
      `/api/v1/shared/${token}?token=${token}&id=${workId}`,
    ]) {
      const res = await kit.t.app.inject({ url: odd });
      const body = res.json() as { code: number; data: TSharedWork | null };
      if (body.code === 0) {
        // Only the genuine token itself, in an equivalent spelling, opens the same work.
        expect(body.data?.work?.nickname, odd).toBe('Pip');
        expect(res.body).not.toContain(String(owner.userId));
      } else {
        expect(res.body, odd).not.toContain('Pip');
      }
    }
    // The work's own id does not open anything through the public route.
    expect((await kit.get(`/api/v1/shared/${workId}`)).statusCode).toBe(400);
  });

  it('consent withdrawn after sharing: "no longer shared", the recordings stop at once; given again: it opens again', async () => {
    const owner = await kit.family('Quin', { isPublic: true });
    const run = await kit.record(owner, 90);
    const { token } = await linkOf(run.workId, owner);
    const before = await open(token);
    const audio = before.work?.pages[0]?.recordings[0]?.audio_url ?? '';
    expect((await fetchAnon(audio)).statusCode).toBe(200);

    await kit.setPublic(owner, 0);
    expect((await linkOf(run.workId, owner)).shared).toBe(0);
    const after = await open(token);
    expect(after).toEqual({ shared: 0, work: null });
    // The URL handed out before no longer plays for others (consent asked on every fetch).
    expect((await fetchAnon(audio)).statusCode).toBe(404);
    // The family itself still hears its own recording.
    expect((await fetchAnon(run.audioUrl)).statusCode).toBe(200);

    await kit.setPublic(owner, 1);
    expect((await open(token)).shared).toBe(1);
  });

  it('a child whose guardian never agreed: the address says "no longer shared" from the start', async () => {
    const owner = await kit.family('Rae');
    const { workId } = await kit.record(owner, 90);
    const link = await linkOf(workId, owner);
    expect(link.shared).toBe(0);
    expect(await open(link.token)).toEqual({ shared: 0, work: null });
  });

  it('a deleted work and a deleted account: "no longer shared", the same answer', async () => {
    const owner = await kit.family('Sam', { isPublic: true });
    const first = await kit.record(owner, 90);
    const second = await kit.record(owner, 90);
    const a = (await linkOf(first.workId, owner)).token;
    const b = (await linkOf(second.workId, owner)).token;
    expectOk(await kit.del(`/api/v1/user/works/${first.workId}`, owner), endpoints.deleteWork);
    expect(await open(a)).toEqual({ shared: 0, work: null });
    expect((await open(b)).shared).toBe(1);

    expectOk(await kit.post('/api/v1/user/cancel', owner), endpoints.cancelAccount);
    expect(await open(b)).toEqual({ shared: 0, work: null });
  });
});
