import path from 'node:path';
import { endpoints, type TBookCard } from '@picbook/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, newDevice, newPhone, phoneLogin } from '../../../test/auth-helpers';
import { expectError, expectOk } from '../../../test/envelope';
import { contentMedia } from '../../../test/speech-kit';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { userRights } from '../../platform/db/schema';
import { importManifests, readManifest } from './import-books';
import { importSampleBooks } from './library.test-kit';

/**
 * Books and reading through the real API, against three real books of the sample library:
 * 1101 The Red Kite (level 1, free trial), 1103 At Grandma's Farm (standard), 1106 Splash!
 * (members only).
 */
const TRIAL = 1101;
const STANDARD = 1103;
const MEMBERS = 1106;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await importSampleBooks(t.database.db, [TRIAL, STANDARD, MEMBERS]);
});
afterAll(() => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({ url, headers: token ? auth(token) : {} });
const post = (url: string, token: string | undefined, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: token ? auth(token) : {}, payload });

async function newUser(): Promise<{ token: string; userId: number }> {
  const { access_token } = await phoneLogin(t, newPhone());
  const user = expectOk(await get('/api/v1/user', access_token), endpoints.userInfo);
  return { token: access_token, userId: user.id };
}

async function newGuest(): Promise<string> {
  const res = await post('/api/v1/guest_login', undefined, { device_id: newDevice() });
  return expectOk(res, endpoints.guestLogin).access_token;
}

async function grant(userId: number, name: string, days = 7) {
  const now = t.clock.now().getTime();
  await t.database.db.insert(userRights).values({
    userId,
    name,
    vipType: 1,
    createTime: new Date(now - 86_400_000),
    expireTime: new Date(now + days * 86_400_000),
  });
}

const levelCodes = async (token?: string) => {
  const data = expectOk(await get('/api/v1.2/learning/level/1', token), endpoints.levelBooks);
  const code = (id: number) => data.list.find((c: TBookCard) => c.book_info.id === id)?.book_info;
  return { data, trial: code(TRIAL), standard: code(STANDARD), members: code(MEMBERS) };
};

describe('GET /api/v1.2/learning/level/{level}: access codes (learning-content §6)', () => {
  it('without a token: guest codes 13 / 11 / 12, only the trial book open', async () => {
    const { data, trial, standard, members } = await levelCodes();
    expect(data.trial_lesson.map((c) => c.book_info.id)).toEqual([TRIAL]);
    expect(data.list.map((c) => c.book_info.id)).toEqual([TRIAL, STANDARD, MEMBERS]);
    expect(trial).toMatchObject({ access_code: 13, lock: 0, lock_reason: null });
    expect(standard).toMatchObject({ access_code: 11, lock: 1, lock_reason: 'login' });
    expect(members).toMatchObject({ access_code: 12, lock: 1, lock_reason: 'login' });
  });

  it('a guest account has the guest codes too', async () => {
    const { trial, standard, members } = await levelCodes(await newGuest());
    expect([trial?.access_code, standard?.access_code, members?.access_code]).toEqual([13, 11, 12]);
  });

  it('an ordinary user: 23 / 21 / 22', async () => {
    const { token } = await newUser();
    const { trial, standard, members } = await levelCodes(token);
    expect(trial).toMatchObject({ access_code: 23, lock: 0 });
    expect(standard).toMatchObject({
      access_code: 21,
      lock: 1,
      lock_reason: 'vip',
      can_unlock: false,
    });
    expect(members).toMatchObject({ access_code: 22, lock: 1, lock_reason: 'members' });
  });

  it.each(['vip', 'du_vip', 'library', 'school_usable'])(
    'full access with %s: code 0, all open',
    async (right) => {
      const { token, userId } = await newUser();
      await grant(userId, right);
      const { data } = await levelCodes(token);
      expect(data.list.map((c) => [c.book_info.access_code, c.book_info.lock])).toEqual([
        [0, 0],
        [0, 0],
        [0, 0],
      ]);
    },
  );

  it('rejects a level outside 1–6', async () => {
    expectError(await get('/api/v1.2/learning/level/7'), 400, 10001);
  });
});

describe('GET /api/v1.1/books/{id}', () => {
  it('sends a readable book with every page, its four timelines and hotspots', async () => {
    const book = expectOk(await get(`/api/v1.1/books/${TRIAL}`), endpoints.book);
    expect(book.book_info).toMatchObject({ id: TRIAL, title_en: 'The Red Kite', lock: 0 });
    expect(book.pages).toHaveLength(book.book_info.page_count);
    const page = book.pages[1];
    expect(page?.audio).toMatch(/^\/media\/books\/1101\/.+\.mp3$/);
    const words = JSON.parse(page?.read_words_timeline ?? '[]') as Array<{
      w: string;
      start: number;
    }>;
    expect(words.length).toBeGreaterThan(2);
    expect(words.map((w) => w.start)).toEqual([...words.map((w) => w.start)].sort((a, b) => a - b));
    expect(JSON.parse(page?.sentences_timeline ?? '[]')).toHaveLength(page?.sentences.length ?? -1);
    expect(book.pages.flatMap((p) => p.hotspots).length).toBeGreaterThan(0);
    expect(book.vocabulary.length).toBeGreaterThan(0);
  });

  it('never sends a locked book’s pages, audio or timelines', async () => {
    const { token } = await newUser();
    const res = await get(`/api/v1.1/books/${STANDARD}`, token);
    const book = expectOk(res, endpoints.book);
    expect(book.book_info).toMatchObject({ lock: 1, access_code: 21 });
    expect(book.pages).toEqual([]);
    expect(book.vocabulary).toEqual([]);
    expect(res.body).not.toContain('.mp3');
    expect(res.body).not.toContain('timeline');
  });

  it('answers 10024 for a book that does not exist', async () => {
    expectError(await get('/api/v1.1/books/999999'), 200, 10024);
  });
});

describe('POST /api/v1/books/{id}/unlock', () => {
  it('refuses without a right, with the reason the parent can act on', async () => {
    const { token } = await newUser();
    const vip = expectError(await post(`/api/v1/books/${STANDARD}/unlock`, token), 200, 10400);
    expect(vip.msg).toBe('开通会员即可阅读全部绘本');
    expect(vip.data).toMatchObject({ reason: 'vip', access_code: 21 });
    const members = expectError(await post(`/api/v1/books/${MEMBERS}/unlock`, token), 200, 10400);
    expect(members.msg).toBe('这是会员专享绘本，开通会员即可阅读');
    const guest = expectError(
      await post(`/api/v1/books/${STANDARD}/unlock`, await newGuest()),
      200,
      10400,
    );
    expect(guest.msg).toBe('请先登录后再解锁绘本');
    expectError(await post(`/api/v1/books/${STANDARD}/unlock`, undefined), 401, 10008);
  });

  it('an experience right (code 31) unlocks a standard book; the unlock ends with the right', async () => {
    const { token, userId } = await newUser();
    await grant(userId, 'experience', 3);
    let info = expectOk(
      await get(`/api/v1/books/${STANDARD}/summary`, token),
      endpoints.bookSummary,
    ).book_info;
    expect(info).toMatchObject({ access_code: 31, lock: 1, can_unlock: true });
    expectError(await post(`/api/v1/books/${MEMBERS}/unlock`, token), 200, 10400);

    const unlocked = expectOk(
      await post(`/api/v1/books/${STANDARD}/unlock`, token),
      endpoints.unlockBook,
    );
    expect(unlocked.lock).toBe(0);
    expect(unlocked.book_info.lock).toBe(0);
    // unlocking twice is harmless
    expectOk(await post(`/api/v1/books/${STANDARD}/unlock`, token), endpoints.unlockBook);
    const book = expectOk(await get(`/api/v1.1/books/${STANDARD}`, token), endpoints.book);
    expect(book.pages.length).toBe(book.book_info.page_count);

    t.clock.advance(4 * 86_400_000);
    try {
      info = expectOk(await get(`/api/v1.1/books/${STANDARD}`, token), endpoints.book).book_info;
      expect(info).toMatchObject({ access_code: 21, lock: 1 });
    } finally {
      t.clock.advance(-4 * 86_400_000);
    }
  });

  it('a free trial book is open already, and unlocking it succeeds', async () => {
    const { token } = await newUser();
    expect(
      expectOk(await post(`/api/v1/books/${TRIAL}/unlock`, token), endpoints.unlockBook).lock,
    ).toBe(0);
  });
});

describe('book detail: summary and interactive areas', () => {
  it('GET …/summary gives the summary, vocabulary preview, reading state and favourite', async () => {
    const { token } = await newUser();
    const summary = expectOk(
      await get(`/api/v1/books/${STANDARD}/summary`, token),
      endpoints.bookSummary,
    );
    expect(summary.summary_cn.length).toBeGreaterThan(10);
    expect(summary.vocabulary.length).toBeGreaterThan(0);
    expect(summary.vocabulary[0]).toMatchObject({
      word: expect.any(String),
      meaning_cn: expect.any(String),
    });
    expect(summary.reading).toBeNull();
    expect(summary.favorite).toBe(false);
    // the summary is public, also for a locked book
    expect(summary.book_info.lock).toBe(1);
  });

  it('GET …/interactive_areas lists the pictures’ hotspots of an open book, nothing of a locked one', async () => {
    const open = expectOk(
      await get(`/api/v1/books/${TRIAL}/interactive_areas`),
      endpoints.interactiveAreas,
    );
    expect(open.lock).toBe(0);
    expect(open.list.length).toBeGreaterThan(0);
    for (const page of open.list) {
      for (const h of page.hotspots) {
        expect(h.audio).toMatch(/^\/media\/books\/1101\/[hw]-[a-z-]+\.[0-9a-f]{8}\.mp3$/);
        expect(h.x + h.w).toBeLessThanOrEqual(1);
        expect(h.y + h.h).toBeLessThanOrEqual(1);
      }
    }
    const locked = expectOk(
      await get(`/api/v1/books/${STANDARD}/interactive_areas`),
      endpoints.interactiveAreas,
    );
    expect(locked).toEqual({ lock: 1, list: [] });
  });
});

describe('POST /api/v1/user/process/{id}: progress only moves forward', () => {
  const save = (token: string, process: string, extra: object = {}) =>
    post(`/api/v1/user/process/${TRIAL}`, token, { process, type: 'read', ...extra });

  it('keeps the furthest page, marks the end, and resumes there', async () => {
    const { token } = await newUser();
    expect(expectOk(await save(token, '003'), endpoints.saveProcess)).toMatchObject({
      process: '003',
      page: 3,
      finished: false,
    });
    expect(expectOk(await save(token, '002'), endpoints.saveProcess).process).toBe('003');
    const done = expectOk(
      await save(token, '005', { finished: 1, type: 'cn_read' }),
      endpoints.saveProcess,
    );
    expect(done).toMatchObject({
      process: '005',
      finished: true,
      finish_count: 1,
      mode: 'cn_read',
    });
    // reading again from the start does not move the process back
    expect(expectOk(await save(token, '001'), endpoints.saveProcess)).toMatchObject({
      process: '005',
      finished: true,
    });
    const book = expectOk(await get(`/api/v1.1/books/${TRIAL}`, token), endpoints.book);
    expect(book.reading).toMatchObject({ process: '005', page: 5 });
  });

  it('concurrent saves end at the greatest process', async () => {
    const { token } = await newUser();
    await Promise.all(['004', '002', '005', '001', '003'].map((p) => save(token, p)));
    const summary = expectOk(
      await get(`/api/v1/books/${TRIAL}/summary`, token),
      endpoints.bookSummary,
    );
    expect(summary.reading?.process).toBe('005');
  });

  it('rejects a page past the end, a malformed process, a locked book and no login', async () => {
    const { token } = await newUser();
    expect(expectError(await save(token, '009'), 400, 10001).data?.field).toBe('process');
    expectError(await save(token, '3'), 400, 10001);
    expectError(await save(token, '003', { type: 'repeat' }), 400, 10001);
    expectError(
      await post(`/api/v1/user/process/${STANDARD}`, token, { process: '002', type: 'read' }),
      200,
      10400,
    );
    expectError(
      await post(`/api/v1/user/process/${TRIAL}`, undefined, { process: '002', type: 'read' }),
      401,
      10008,
    );
  });
});

describe('GET /api/v1/bookshelf/{type}', () => {
  it('recent, reading, finished and favourites shelves', async () => {
    const { token, userId } = await newUser();
    await grant(userId, 'vip');
    await post(`/api/v1/user/process/${STANDARD}`, token, {
      process: '006',
      type: 'read',
      finished: 1,
    });
    t.clock.advance(60_000);
    await post(`/api/v1/user/process/${TRIAL}`, token, { process: '002', type: 'read' });
    t.clock.advance(-60_000);
    const shelf = async (type: string) =>
      expectOk(await get(`/api/v1/bookshelf/${type}`, token), endpoints.bookshelf);

    expect((await shelf('recent')).list.map((c) => c.book_info.id)).toEqual([TRIAL, STANDARD]);
    expect((await shelf('reading')).list.map((c) => c.book_info.id)).toEqual([TRIAL]);
    const finished = await shelf('finished');
    expect(finished.list.map((c) => c.book_info.id)).toEqual([STANDARD]);
    expect(finished.list[0]?.reading).toMatchObject({ finished: true, process: '006' });
    expect((await shelf('favorites')).total).toBe(0);

    expectOk(
      await post(`/api/v1/books/${MEMBERS}/favorite`, token, { favorite: 1 }),
      endpoints.favoriteBook,
    );
    expectOk(
      await post(`/api/v1/books/${MEMBERS}/favorite`, token, { favorite: 1 }),
      endpoints.favoriteBook,
    );
    const favorites = await shelf('favorites');
    expect(favorites).toMatchObject({ total: 1, page: 1, page_size: 20 });
    expect(favorites.list[0]?.book_info.id).toBe(MEMBERS);
    expect(
      expectOk(await get(`/api/v1/books/${MEMBERS}/summary`, token), endpoints.bookSummary)
        .favorite,
    ).toBe(true);
    expectOk(
      await post(`/api/v1/books/${MEMBERS}/favorite`, token, { favorite: 0 }),
      endpoints.favoriteBook,
    );
    expect((await shelf('favorites')).total).toBe(0);
  });

  it('pages a shelf and refuses unknown shelves and guests without a token', async () => {
    const { token } = await newUser();
    await post(`/api/v1/user/process/${TRIAL}`, token, { process: '002', type: 'read' });
    const page2 = expectOk(
      await get('/api/v1/bookshelf/recent?page=2&page_size=1', token),
      endpoints.bookshelf,
    );
    expect(page2).toMatchObject({ total: 1, list: [] });
    expectError(await get('/api/v1/bookshelf/unknown', token), 400, 10001);
    expectError(await get('/api/v1/bookshelf/recent'), 401, 10008);
  });
});

describe('cached book content follows the database (decision 071)', () => {
  it('an import by any process is served on the next request: the book, its summary, its level', async () => {
    const { manifest } = readManifest(
      path.join(contentMedia, 'books', String(TRIAL), 'manifest.json'),
      contentMedia,
    );
    if (!manifest) throw new Error('no manifest');
    const titleOf = async () => {
      const book = expectOk(await get(`/api/v1.1/books/${TRIAL}`), endpoints.book);
      const summary = expectOk(await get(`/api/v1/books/${TRIAL}/summary`), endpoints.bookSummary);
      const level = expectOk(
        await get(`/api/v1.2/learning/level/${manifest.level}`),
        endpoints.levelBooks,
      );
      const card = level.list.find((c) => c.book_info.id === TRIAL);
      return [
        book.book_info.title_en,
        summary.summary_cn,
        card?.book_info.title_en,
        book.pages[0]?.sentences[0]?.en,
      ];
    };
    const before = await titleOf();
    expect(before[0]).toBe('The Red Kite');
    expect(await titleOf()).toEqual(before); // served from the cache, same answer

    const first = manifest.pages[0];
    if (!first?.sentences[0]) throw new Error('no sentence');
    const edited = {
      ...manifest,
      images_hash: `${manifest.images_hash}-edited`,
      title_en: 'The Blue Kite',
      summary_cn: '改过的简介。',
      pages: [
        {
          ...first,
          sentences: [{ ...first.sentences[0], en: 'Edited.' }, ...first.sentences.slice(1)],
        },
        ...manifest.pages.slice(1),
      ],
    };
    try {
      // Written straight to the database, as another API process or the import CLI would; on
      // PostgreSQL this process hears of it through its change feed (decision 078: milliseconds),
      // so wait until the feed has heard everything committed so far.
      await importManifests(t.database.db, [edited]);
      await t.database.changes.settle();
      expect(await titleOf()).toEqual([
        'The Blue Kite',
        '改过的简介。',
        'The Blue Kite',
        'Edited.',
      ]);
    } finally {
      await importManifests(t.database.db, [manifest]);
      await t.database.changes.settle();
    }
    expect(await titleOf()).toEqual(before);
  });
});
