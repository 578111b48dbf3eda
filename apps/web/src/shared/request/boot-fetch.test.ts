import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../session/session';
import { BOOT_ANSWER_TTL_MS, bootListsAsked } from './boot-fetch';
import { request } from './request';

/** index.html's inline boot script, run as the browser runs it while parsing the page. */
const html = fs.readFileSync(path.resolve(__dirname, '../../../index.html'), 'utf8');
const bootScript = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
const runBoot = (pathname: string) => {
  window.history.replaceState(null, '', pathname);
  new Function(bootScript)();
};

const STARTUP = ['/api/v1/configs', '/api/v1/user?type=20', '/api/v1/user/storages?group=setting'];
const BOOK = '/api/v1.1/books/1603';
const book = {
  book_info: { id: 1603 },
  pages: [
    { image: '/media/books/1603/p1.webp?sig=a', audio: '/media/books/1603/p1.mp3' },
    { image: '/media/books/1603/p2.webp?sig=b', audio: '/media/books/1603/p2.mp3' },
  ],
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** Each URL answers code 0 with `{ url }`, the book's URL with the book. */
const answer = async (input: string | URL | Request) =>
  json({ code: 0, msg: 'ok', data: String(input) === BOOK ? book : { url: String(input) } });
const fetchMock = vi.fn<typeof fetch>();
const asked = () => fetchMock.mock.calls.map(([url]) => String(url));
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(answer);
  window.__picbookBoot = undefined;
  useSession.getState().setLogin('token-123', 7);
  localStorage.setItem('uuid', '0b6f1a52-4d0e-4c51-9d59-6f3a1c9e2b10');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.__picbookBoot = undefined;
  window.history.replaceState(null, '', '/');
});

describe("index.html's boot fetch (decision 084)", () => {
  it("asks for the startup data with the stored session, the app's headers", () => {
    runBoot('/library');
    expect(asked()).toEqual(STARTUP);
    for (const [, init] of fetchMock.mock.calls) {
      expect(init?.headers).toEqual({
        accept: 'application/json',
        access_token: 'token-123',
        child_id: '7',
        uuid: '0b6f1a52-4d0e-4c51-9d59-6f3a1c9e2b10',
      });
    }
  });

  it("on a book's address also the book, then its page's picture", async () => {
    runBoot('/library/read/1603/002');
    expect(asked()).toEqual([...STARTUP, BOOK]);
    await flush();
    expect(window.__picbookBoot?.picture?.getAttribute('src')).toBe(book.pages[1]?.image);
  });

  it('the app adopts each answer once instead of asking again', async () => {
    runBoot('/library/explain/1603/001');
    for (const url of STARTUP) {
      await expect(request({ method: 'GET', path: url })).resolves.toEqual({ url });
    }
    await expect(request({ method: 'GET', path: BOOK })).resolves.toEqual(book);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(window.__picbookBoot?.picture?.getAttribute('src')).toBe(book.pages[0]?.image);
    // A later read is a request of its own.
    await request({ method: 'GET', path: BOOK });
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });

  it('is not adopted by another address, another user or another child', async () => {
    runBoot('/library/read/1603/001');
    await request({ method: 'GET', path: '/api/v1.1/books/1604' });
    await request({ method: 'GET', path: BOOK, token: 'someone-else' });
    useSession.getState().setChildId(8);
    await request({ method: 'GET', path: BOOK });
    expect(fetchMock).toHaveBeenCalledTimes(4 + 3);
    expect(window.__picbookBoot?.responses[BOOK]).toBeDefined();
  });

  it(`is not adopted ${BOOT_ANSWER_TTL_MS} ms later`, async () => {
    runBoot('/library');
    const boot = window.__picbookBoot;
    if (boot) boot.at -= BOOT_ANSWER_TTL_MS + 1;
    await request({ method: 'GET', path: STARTUP[0] ?? '' });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it("makes the device's uuid where the app has not yet, as the app would", async () => {
    localStorage.removeItem('uuid');
    runBoot('/library/read/1603/001');
    const made = localStorage.getItem('uuid');
    expect(made).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ uuid: made });
    await expect(request({ method: 'GET', path: BOOK })).resolves.toEqual(book);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('a failed boot request is asked again by the app', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    runBoot('/library');
    await expect(request({ method: 'GET', path: STARTUP[0] ?? '' })).resolves.toEqual({
      url: STARTUP[0],
    });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('a failed boot request nobody adopts is no unhandled rejection', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      // A plain function: a mock's own bookkeeping would handle the rejections itself.
      let calls = 0;
      vi.stubGlobal('fetch', () => {
        calls += 1;
        return Promise.reject(new TypeError('Failed to fetch'));
      });
      runBoot('/library/read/1603/001');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(calls).toBe(4);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it("an adopted request that hangs times out as the app's own would", async () => {
    fetchMock.mockImplementation(() => new Promise<Response>(() => undefined));
    runBoot('/library');
    const error = await request({
      method: 'GET',
      path: STARTUP[0] ?? '',
      timeoutMs: 30,
      silent: true,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 408 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('asks for nothing without a session', () => {
    useSession.getState().logout();
    runBoot('/library/read/1603/001');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.__picbookBoot).toBeUndefined();
  });

  it('an answer that is not the book asks for no picture, and the app sees the error', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input) === BOOK
        ? json({ code: 10400, msg: '无权阅读', data: null })
        : json({ code: 0, msg: 'ok', data: {} }),
    );
    runBoot('/library/read/1603/001');
    await expect(request({ method: 'GET', path: BOOK, silent: true })).rejects.toMatchObject({
      code: 10400,
    });
    expect(window.__picbookBoot?.picture).toBeNull();
  });
});

describe("index.html's boot fetch on the library tab (decision 111)", () => {
  const USER = '/api/v1/user?type=20';
  const level = (n: number) => `/api/v1.2/learning/level/${n}`;
  const READING = '/api/v1/bookshelf/reading?page=1';
  const ACTIVITY = '/api/v1/activity_data';
  const cover = (id: number) => `/media/books/${id}/cover-256.webp`;
  const card = (id: number) => ({ book_info: { id, cover: { image_small: cover(id) } } });
  const answers =
    (user: unknown) =>
    async (input: string | URL | Request): Promise<Response> => {
      const url = String(input);
      if (url === USER) return json({ code: 0, msg: 'ok', data: user });
      if (url.startsWith('/api/v1.2/learning/level/'))
        return json({ code: 0, msg: 'ok', data: { list: [1, 2, 3, 4, 5].map(card) } });
      if (url === READING) return json({ code: 0, msg: 'ok', data: { list: [card(9)] } });
      return json({ code: 0, msg: 'ok', data: { url } });
    };
  const covers = () => window.__picbookBoot?.covers?.map((img) => img.getAttribute('src')) ?? [];
  afterEach(() => localStorage.removeItem('library_level'));

  it("asks for the child's level's list, the book being read and the activity data once the user info is in, then the first row's covers; the app adopts them", async () => {
    fetchMock.mockImplementation(answers({ level: 3, children: [{ id: 7 }] }));
    runBoot('/library');
    expect(asked()).toEqual(STARTUP);
    await bootListsAsked();
    expect(asked()).toEqual([...STARTUP, level(3), READING, ACTIVITY]);
    await vi.waitFor(() => expect(covers()).toHaveLength(5));
    expect([...covers()].sort()).toEqual([1, 2, 3, 4, 9].map(cover).sort());
    for (const path of [USER, level(3), READING, ACTIVITY]) {
      await request({ method: 'GET', path });
    }
    // (An analytics batch of an earlier test may go out meanwhile.)
    expect(asked().filter((url) => !url.includes('pingback'))).toEqual([
      ...STARTUP,
      level(3),
      READING,
      ACTIVITY,
    ]);
  });

  it("the level chosen last on this device comes before the child's", async () => {
    localStorage.setItem('library_level', '5');
    fetchMock.mockImplementation(answers({ level: 3, children: [{ id: 7 }] }));
    runBoot('/');
    await bootListsAsked();
    expect(asked()).toContain(level(5));
    expect(asked()).not.toContain(level(3));
  });

  it('asks for no lists for an account without a child, nor on another address', async () => {
    fetchMock.mockImplementation(answers({ level: 1, children: [] }));
    runBoot('/library');
    await bootListsAsked();
    expect(asked()).toEqual(STARTUP);
    window.__picbookBoot = undefined;
    fetchMock.mockClear();
    fetchMock.mockImplementation(answers({ level: 1, children: [{ id: 7 }] }));
    runBoot('/words');
    await bootListsAsked();
    await flush();
    expect(asked()).toEqual(STARTUP);
  });
});
