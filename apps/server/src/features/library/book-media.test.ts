import fs from 'node:fs';
import path from 'node:path';
import { endpoints } from '@picbook/contracts';
import { BOOK_TYPE } from '@picbook/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, newDevice, newPhone, phoneLogin, vipMember } from '../../../test/auth-helpers';
import { expectOk } from '../../../test/envelope';
import { pathSpellings } from '../../../test/path-spellings';
import { rawClient } from '../../../test/raw-http';
import { contentMedia } from '../../../test/speech-kit';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { books } from '../../platform/db/schema';
import { importSampleBooks } from './library.test-kit';

/**
 * Paid content stays paid (issue 11): every book of the sample library, walked as a guest, a user
 * and a member. Each reader fetches every media URL the API gives it (all must work), and every
 * file of every book folder without a signature (only covers and the free trial books may answer;
 * manifest.json never does).
 */
const bookIds = fs
  .readdirSync(path.join(contentMedia, 'books'))
  .filter((name) => /^\d+$/.test(name))
  .map(Number)
  .sort((a, b) => a - b);

let t: TestApp;
const readers: Record<'guest' | 'user' | 'member', string> = { guest: '', user: '', member: '' };
const typeOf = new Map<number, number>();

beforeAll(async () => {
  t = await createTestApp({ configOverrides: { mediaDir: contentMedia } });
  await importSampleBooks(t.database.db, bookIds);
  const guest = await t.app.inject({
    method: 'POST',
    url: '/api/v1/guest_login',
    payload: { device_id: newDevice() },
  });
  readers.guest = expectOk(guest, endpoints.guestLogin).access_token;
  readers.user = (await phoneLogin(t, newPhone())).access_token;
  readers.member = await vipMember(t);
}, 120_000);
afterAll(() => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({ url, headers: token ? auth(token) : {} });

/** Every /media or /uploads URL anywhere in a JSON answer, timelines (JSON strings) included. */
function urlsIn(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    if (/^\/(media|uploads)\//.test(value)) into.add(value);
    else if (/^[[{]/.test(value)) {
      try {
        urlsIn(JSON.parse(value), into);
      } catch {
        // Text that merely starts with a bracket.
      }
    }
  } else if (value && typeof value === 'object') {
    for (const child of Object.values(value)) urlsIn(child, into);
  }
  return into;
}

/** What one reader can reach of one book through the API, and which book files it opens. */
async function walk(id: number, token: string | undefined) {
  const summary = expectOk(await get(`/api/v1/books/${id}/summary`, token), endpoints.bookSummary);
  const book = expectOk(await get(`/api/v1.1/books/${id}`, token), endpoints.book);
  const areas = expectOk(
    await get(`/api/v1/books/${id}/interactive_areas`, token),
    endpoints.interactiveAreas,
  );
  typeOf.set(id, book.book_info.book_type);
  return { open: book.book_info.lock === 0, urls: urlsIn([summary, book, areas]) };
}

describe('every book, walked by a guest (no token and a guest token), a user and a member', () => {
  it.each([
    ['nobody', undefined],
    ['guest', 'guest'],
    ['user', 'user'],
    ['member', 'member'],
  ] as const)(
    '%s: every URL the API gives works; a locked book gives no page, narration or timeline',
    async (_who, reader) => {
      const token = reader ? readers[reader] : undefined;
      let opened = 0;
      for (const id of bookIds) {
        const { open, urls } = await walk(id, token);
        if (open) opened += 1;
        for (const url of urls) {
          const name = url.split('?')[0]?.split('/').pop() ?? '';
          // A locked book shows its cover and its words (a taste), nothing of its pages.
          if (!open) expect(name, `${url} of locked ${id}`).toMatch(/^(cover-|w-)/);
          const res = await get(url);
          expect(res.statusCode, `${reader ?? 'nobody'} ${url}`).toBe(200);
        }
      }
      expect(opened).toBeGreaterThan(0);
      if (reader === 'member') expect(opened).toBe(bookIds.length);
    },
    120_000,
  );

  it("a page's teacher's note comes with its Mandarin voice, signed like the page (decision 099)", async () => {
    let checked = 0;
    for (const id of bookIds) {
      const book = expectOk(await get(`/api/v1.1/books/${id}`, readers.member), endpoints.book);
      const isTrial = book.book_info.book_type === BOOK_TYPE.trial;
      for (const page of book.pages) {
        if (!page.note_cn) {
          expect(page.note_audio ?? null).toBeNull();
          continue;
        }
        const url = page.note_audio ?? '';
        expect(url, `book ${id} page ${page.page}`).toMatch(
          new RegExp(`^/media/books/${id}/n${page.page}\\.[0-9a-f]{8}\\.mp3`),
        );
        // Never the English sentence's file: the note's own recording.
        expect(page.sentences.map((x) => x.audio)).not.toContain(url);
        const res = await get(url);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/audio\/mpeg/);
        const bare = url.split('?')[0] ?? '';
        if (isTrial) expect(url).toBe(bare);
        else {
          expect(url).toContain('?');
          expect((await get(bare)).statusCode, `${bare} unsigned`).toBe(403);
        }
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(300);
    // A locked book gives no note voice at all (its pages are not sent).
    const locked = bookIds.find((id) => typeOf.get(id) !== BOOK_TYPE.trial) ?? 0;
    const asGuest = expectOk(await get(`/api/v1.1/books/${locked}`, readers.guest), endpoints.book);
    expect(asGuest.pages.some((p) => p.note_audio)).toBe(false);
  }, 120_000);

  it('without a signature only covers and the trial books answer; manifest.json never', async () => {
    let refused = 0;
    for (const id of bookIds) {
      const isTrial = typeOf.get(id) === BOOK_TYPE.trial;
      for (const name of fs.readdirSync(path.join(contentMedia, 'books', String(id)))) {
        const res = await get(`/media/books/${id}/${name}`);
        const expected = name.endsWith('.json')
          ? 404
          : isTrial || name.startsWith('cover-')
            ? 200
            : 403;
        expect(res.statusCode, `/media/books/${id}/${name}`).toBe(expected);
        if (expected === 403) refused += 1;
      }
    }
    expect(refused).toBeGreaterThan(100);
  }, 60_000);

  it('no spelling of a locked file path answers it without a signature (issue 35)', async () => {
    let tried = 0;
    const raw = await rawClient(t.app);
    const types = await t.database.db.select({ id: books.id, type: books.bookType }).from(books);
    const trial = new Set(types.filter((b) => b.type === BOOK_TYPE.trial).map((b) => b.id));
    for (const id of bookIds) {
      if (trial.has(id)) continue;
      const names = fs
        .readdirSync(path.join(contentMedia, 'books', String(id)))
        .filter((name) => !name.startsWith('cover-') && !name.endsWith('.json'));
      const urls = names.flatMap((name) => pathSpellings('media', `books/${id}/${name}`));
      // In batches: the whole library under every spelling is some 30,000 requests.
      for (let i = 0; i < urls.length; i += 64) {
        const answers = await Promise.all(urls.slice(i, i + 64).map((url) => raw.get(url)));
        answers.forEach((res, j) => {
          expect([400, 403, 404], urls[i + j]).toContain(res.statusCode);
        });
      }
      tried += urls.length;
    }
    raw.close();
    expect(tried).toBeGreaterThan(2000 * 10);
  }, 240_000);

  it('a resized page needs the signature too, and a signed URL works with image options', async () => {
    const members = bookIds.find((id) => typeOf.get(id) === BOOK_TYPE.members);
    const book = expectOk(await get(`/api/v1.1/books/${members}`, readers.member), endpoints.book);
    const image = book.pages[0]?.image ?? '';
    expect(image).toContain('sig=');
    expect((await get(`${image}&thumbnail=320x`)).statusCode).toBe(200);
    const bare = image.split('?')[0];
    const refused = await get(`${bare}?thumbnail=320x`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 10403 });
  });

  it('a signed URL expires: 403 after its window, cached no longer than it lives', async () => {
    const members = bookIds.find((id) => typeOf.get(id) === BOOK_TYPE.members);
    const book = expectOk(await get(`/api/v1.1/books/${members}`, readers.member), endpoints.book);
    const audio = book.pages[0]?.audio ?? '';
    const fresh = await get(audio);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    t.clock.advance(6 * 3600_000);
    try {
      const stale = await get(audio);
      expect(stale.statusCode).toBe(403);
      expect(stale.json()).toMatchObject({ code: 10403, msg: '链接已过期，请刷新后再试' });
    } finally {
      t.clock.advance(-6 * 3600_000);
    }
  });
});
