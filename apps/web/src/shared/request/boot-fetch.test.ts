import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../session/session';
import { request } from './request';

/** index.html's inline boot script, run as the browser runs it while parsing the page. */
const html = fs.readFileSync(path.resolve(__dirname, '../../../index.html'), 'utf8');
const bootScript = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
const runBoot = (pathname: string) => {
  window.history.replaceState(null, '', pathname);
  new Function(bootScript)();
};

const book = {
  book_info: { id: 1603 },
  pages: [
    { image: '/media/books/1603/p1.webp?sig=a', audio: '/media/books/1603/p1.mp3' },
    { image: '/media/books/1603/p2.webp?sig=b', audio: '/media/books/1603/p2.mp3' },
  ],
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>();
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  window.__picbookBoot = undefined;
  useSession.getState().setLogin('token-123', 7);
  localStorage.setItem('uuid', '0b6f1a52-4d0e-4c51-9d59-6f3a1c9e2b10');
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.__picbookBoot = undefined;
  window.history.replaceState(null, '', '/');
});

describe("index.html's boot fetch (decision 084)", () => {
  it('asks for the book of a reader address with the stored session, then its page picture', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 0, msg: 'ok', data: book }));
    runBoot('/library/read/1603/002');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1.1/books/1603');
    expect(init?.headers).toEqual({
      accept: 'application/json',
      access_token: 'token-123',
      child_id: '7',
      uuid: '0b6f1a52-4d0e-4c51-9d59-6f3a1c9e2b10',
    });
    await flush();
    expect(window.__picbookBoot?.picture?.getAttribute('src')).toBe(book.pages[1]?.image);
  });

  it('the app adopts the answer once instead of asking again', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 0, msg: 'ok', data: book }));
    runBoot('/library/explain/1603/001');
    await expect(request({ method: 'GET', path: '/api/v1.1/books/1603' })).resolves.toEqual(book);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(window.__picbookBoot?.picture?.getAttribute('src')).toBe(book.pages[0]?.image);
    // A later read of the book is a request of its own.
    fetchMock.mockResolvedValueOnce(json({ code: 0, msg: 'ok', data: { ...book, again: 1 } }));
    await expect(request({ method: 'GET', path: '/api/v1.1/books/1603' })).resolves.toMatchObject({
      again: 1,
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is not adopted by another book, another user or another child', async () => {
    fetchMock.mockImplementation(async () => json({ code: 0, msg: 'ok', data: book }));
    runBoot('/library/read/1603/001');
    await request({ method: 'GET', path: '/api/v1.1/books/1604' });
    await request({ method: 'GET', path: '/api/v1.1/books/1603', token: 'someone-else' });
    useSession.getState().setChildId(8);
    await request({ method: 'GET', path: '/api/v1.1/books/1603' });
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(window.__picbookBoot?.response).toBeDefined();
  });

  it('a failed boot request is asked again by the app', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    runBoot('/library/read/1603/001');
    fetchMock.mockResolvedValueOnce(json({ code: 0, msg: 'ok', data: book }));
    await expect(request({ method: 'GET', path: '/api/v1.1/books/1603' })).resolves.toEqual(book);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(window.__picbookBoot?.picture).toBeNull();
  });

  it("makes the device's uuid where the app has not yet, as the app would", async () => {
    localStorage.removeItem('uuid');
    fetchMock.mockResolvedValueOnce(json({ code: 0, msg: 'ok', data: book }));
    runBoot('/library/read/1603/001');
    const made = localStorage.getItem('uuid');
    expect(made).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ uuid: made });
    await expect(request({ method: 'GET', path: '/api/v1.1/books/1603' })).resolves.toEqual(book);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks for nothing on other addresses, or without a session', () => {
    runBoot('/library');
    runBoot('/library/read/abc/001');
    useSession.getState().logout();
    runBoot('/library/read/1603/001');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.__picbookBoot).toBeUndefined();
  });

  it('an answer that is not the book asks for no picture, and the app sees the error', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 10400, msg: '无权阅读', data: null }));
    runBoot('/library/read/1603/001');
    await expect(
      request({ method: 'GET', path: '/api/v1.1/books/1603', silent: true }),
    ).rejects.toMatchObject({ code: 10400 });
    expect(window.__picbookBoot?.picture).toBeNull();
  });
});
