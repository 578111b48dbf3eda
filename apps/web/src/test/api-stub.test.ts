import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../shared/request/api';
import { apiError, httpError, stubApi, takeStubProblems, unstubbed } from './api-stub';
import { buildUserInfo } from './factories';

vi.mock(import('../shared/analytics/pingback'), async (original) => ({
  ...(await original()),
  track: vi.fn(),
}));

const get = async (path: string, init?: RequestInit) => {
  const res = await fetch(path, init);
  return { status: res.status, body: (await res.json()) as unknown };
};

afterEach(() => {
  takeStubProblems();
  vi.unstubAllGlobals();
});

describe('stubApi: answers by endpoint name, checked by the contract', () => {
  it('answers a right-shaped stub in the success envelope, through the typed client too', async () => {
    const user = buildUserInfo({ id: 7 });
    stubApi({ userInfo: () => user });
    expect(await get('/api/v1/user')).toEqual({
      status: 200,
      body: { code: 0, msg: 'ok', data: user },
    });
    expect(await api('userInfo', { query: {} })).toEqual(user);
    expect(takeStubProblems()).toEqual([]);
  });

  it('fails a wrong-shaped stub, naming the endpoint and the zod issue', async () => {
    stubApi({ userInfo: () => ({ ...buildUserInfo(), vip: 'yes' }) as never });
    const failure = fetch('/api/v1/user');
    await expect(failure).rejects.toThrow(/userInfo \(GET \/api\/v1\/user/);
    await expect(failure).rejects.toThrow(/vip/);
    const [problem, ...more] = takeStubProblems();
    expect(more).toEqual([]);
    expect(problem).toContain('is not what the server could send');
    expect(problem).toMatch(/at vip/);
  });

  it('matches path parameters and hands them, the query and the body to the answer', async () => {
    const seen: unknown[] = [];
    const stub = stubApi({
      bookshelf: ({ params, query }) => {
        seen.push([params.type, query.get('page')]);
        return { type: params.type, list: [], total: 0, page: 1, page_size: 20 } as never;
      },
      favoriteBook: ({ params, body }) => {
        seen.push([params.id, body]);
        return { favorite: true };
      },
    });
    await api('favoriteBook', { params: { id: 1102 }, body: { favorite: 1 } });
    await get('/api/v1/bookshelf/recent?page=2');
    expect(seen).toEqual([
      ['1102', { favorite: 1 }],
      ['recent', '2'],
    ]);
    expect(stub.calls()).toEqual([
      'POST /api/v1/books/1102/favorite',
      'GET /api/v1/bookshelf/recent?page=2',
    ]);
    // The method is part of the match: a GET of the favourite path is not stubbed.
    expect(await get('/api/v1/books/1102/favorite')).toMatchObject({ body: { code: 10024 } });
  });

  it('prefers a literal path over a pattern that also matches it', async () => {
    stubApi({
      bookSummary: () => apiError(10024, 'summary'),
      book: () => apiError(10024, 'book'),
    });
    expect(await get('/api/v1.1/books/1102')).toMatchObject({ body: { msg: 'book' } });
    expect(await get('/api/v1/books/1102/summary')).toMatchObject({ body: { msg: 'summary' } });
  });

  it('answers business errors and HTTP failures as the server sends them', async () => {
    stubApi({
      userInfo: () => apiError(10008, 'no', { field: 'x' }),
      configs: () => httpError(503, { msg: 'busy' }),
    });
    expect(await get('/api/v1/user')).toEqual({
      status: 200,
      body: { code: 10008, msg: 'no', data: { field: 'x' } },
    });
    expect((await get('/api/v1/configs')).status).toBe(503);
  });

  it('checks a success envelope answered as a Response too; other responses go as they are', async () => {
    const envelope = (data: unknown) =>
      new Response(JSON.stringify({ code: 0, msg: 'ok', data }), { status: 200 });
    stubApi({
      userInfo: () => envelope({ id: 'one' }),
      configs: () => new Response('busy', { status: 429, headers: { 'retry-after': '17' } }),
    });
    await expect(fetch('/api/v1/user')).rejects.toThrow(/userInfo/);
    expect(takeStubProblems()).toHaveLength(1);
    const busy = await fetch('/api/v1/configs');
    expect([busy.status, busy.headers.get('retry-after'), await busy.text()]).toEqual([
      429,
      '17',
      'busy',
    ]);
  });

  it('lets an answer leave some calls of its endpoint unstubbed', async () => {
    stubApi({
      levelBooks: (request) =>
        request.params.level === '1'
          ? { level: 1, trial_lesson: [], list: [] }
          : unstubbed(request),
    });
    expect(await get('/api/v1.2/learning/level/1')).toMatchObject({ body: { code: 0 } });
    expect(await get('/api/v1.2/learning/level/2')).toMatchObject({
      body: { code: 10024, msg: 'no stub for GET /api/v1.2/learning/level/2' },
    });
  });

  it('fails a call no stub covers loudly, naming it', async () => {
    const stub = stubApi({ userInfo: () => buildUserInfo() });
    expect(await get('/api/v1/books/9/summary')).toEqual({
      status: 200,
      body: { code: 10024, msg: 'no stub for GET /api/v1/books/9/summary', data: null },
    });
    await expect(api('bookSummary', { params: { id: 9 } }, { silent: true })).rejects.toMatchObject(
      {
        code: 10024,
      },
    );
    expect(stub.calls()).toHaveLength(2);
  });

  it('knows only the endpoints of the contract table', () => {
    // @ts-expect-error an endpoint name the contract table does not have
    expect(() => stubApi({ noSuchEndpoint: () => null })).toThrow(/noSuchEndpoint/);
  });
});
