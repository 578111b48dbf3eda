import { endpoints } from '@picbook/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, newPhone, phoneLogin } from '../../../test/auth-helpers';
import { expectError, expectOk } from '../../../test/envelope';
import { multipart } from '../../../test/multipart';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * The black-box probe's cases (issue 11), each with the answer it must get: 400 / 10001 naming
 * the field, never a 500, and every reply in the JSON envelope. The schema-driven fuzz
 * (endpoints.fuzz.test.ts) sends the same kinds of input to every endpoint.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await phoneLogin(t, newPhone())).access_token;
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(payload),
    headers: {
      'content-type': 'application/json',
      ...headers,
    },
  });

describe('a NUL character in any string input', () => {
  it('is refused naming the field, in a JSON body, a query string, a form field and a key', async () => {
    const account = expectError(
      await post('/api/v1/login', { account: 'kid\u0000', password: 'secret1' }),
      400,
      10001,
    );
    expect(account.data?.field).toBe('account');
    const nickname = expectError(
      await post(
        '/api/v1/child',
        { nickname: '乐\u0000乐', birthday: '2018-06-01', gender: 1, region: 214, consent: 1 },
        auth(token),
      ),
      400,
      10001,
    );
    expect(nickname).toMatchObject({ data: { field: 'nickname' } });
    expect(nickname.msg).toContain('nickname');
    const mobile = expectError(
      await t.app.inject({ url: '/api/v1/sms?mobile=139%0012345678' }),
      400,
      10001,
    );
    expect(mobile.data?.field).toBe('mobile');
    const key = expectError(
      await post('/api/v1/pingback', {
        events: [{ event: 'pv', ts: 1, detail: { 'a\u0000': 1 } }],
      }),
      400,
      10001,
    );
    expect(key.data?.field).toBe('events.0.detail.a\u0000');
    const form = multipart({ session_id: 'session-nul-1', seq: 0, ref_text: 'a\u0000b' });
    const refText = expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/speech',
        headers: { ...auth(token), 'content-type': form.contentType },
        payload: form.payload,
      }),
      400,
      10001,
    );
    expect(refText.data?.field).toBe('ref_text');
  });
});

describe('a lone UTF-16 surrogate in a string (no UTF-8 form, so no database can store it)', () => {
  it('is refused naming the field, where a well-formed emoji passes', async () => {
    // JSON.stringify writes a lone surrogate as the escape \ud800, as a fuzzer or a broken client may.
    const share = expectError(
      await post('/api/v1/share', { key: 'book', detail: 'x\ud800' }, auth(token)),
      400,
      10001,
    );
    expect(share.data?.field).toBe('detail');
    const nickname = expectError(
      await post(
        '/api/v1/child',
        { nickname: '\udc00乐', birthday: '2018-06-01', gender: 1, region: 214, consent: 1 },
        auth(token),
      ),
      400,
      10001,
    );
    expect(nickname.data?.field).toBe('nickname');
    const emoji = await post(
      '/api/v1/child',
      { nickname: '乐乐😀', birthday: '2018-06-01', gender: 1, region: 214, consent: 1 },
      auth(token),
    );
    expect(emoji.json().data?.field).not.toBe('nickname');
  });
});

describe('JSON bodies', () => {
  it('take their declared types only: true is not 1 and "0x10" is not 16', async () => {
    const favorite = expectError(
      await post('/api/v1/books/1101/favorite', { favorite: true }, auth(token)),
      400,
      10001,
    );
    expect(favorite.data?.field).toBe('favorite');
    const mask = expectError(
      await post('/api/v1/user/notifications', { mask: '0x10' }, auth(token)),
      400,
      10001,
    );
    expect(mask.data?.field).toBe('mask');
    expectOk(
      await post('/api/v1/user/notifications', { mask: 16 }, auth(token)),
      endpoints.userNotifications,
    );
  });

  it('query strings keep their text-to-number parsing', async () => {
    const shelf = expectOk(
      await t.app.inject({
        url: '/api/v1/bookshelf/recent?page=2&page_size=5',
        headers: auth(token),
      }),
      endpoints.bookshelf,
    );
    expect(shelf).toMatchObject({ page: 2, page_size: 5 });
  });
});

describe('every reply is the envelope', () => {
  it('a path parameter past the router limit answers 400 / 10001, not a bare 414', async () => {
    const res = await post(
      `/api/v1/books/${'1'.repeat(200)}/favorite`,
      { favorite: 1 },
      auth(token),
    );
    expectError(res, 400, 10001);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('a URL that does not decode answers 400 / 10001, not FST_ERR_BAD_URL', async () => {
    const res = await t.app.inject({ url: '/api/v1/books/%E0%A4%A' });
    const body = expectError(res, 400, 10001);
    expect(body.data?.field).toBe('url');
    expect(res.body).not.toContain('FST_ERR');
  });

  it('error envelopes say they are JSON (a /media 404 too)', async () => {
    for (const url of ['/media/nope.webp', '/api/v1/nope', '/uploads/rec/nope.wav']) {
      const res = await t.app.inject({ url });
      expectError(res, 404, 10404);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    }
  });

  it('/api/docs is served with a content security policy', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });
});

describe('deeply nested JSON (issue 35)', () => {
  const bomb = (depth: number, leaf: unknown = 1) => {
    let value: unknown = leaf;
    for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
    return value;
  };

  it('8,000 nested arrays in 16 KB answer 400 / 10001 on JSON endpoints, with and without a token', async () => {
    const payload = `${'['.repeat(8000)}${']'.repeat(8000)}`;
    for (const [url, headers] of [
      ['/api/v1/login', {}],
      ['/api/v1/guest_login', {}],
      ['/api/v1/child', auth(token)],
      ['/api/v1/user/process/1101', auth(token)],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': 'application/json', ...headers },
      });
      const error = expectError(res, 400, 10001);
      expect(error.msg, url).toContain('嵌套');
    }
  });

  it('the limit is in the body at any key, and sane nesting passes the check', async () => {
    const deep = expectError(await post('/api/v1/login', { account: bomb(100) }), 400, 10001);
    expect(deep.msg).toContain('嵌套');
    // 20 levels is no bomb: the route's own validation answers (account must be text).
    const shallow = expectError(await post('/api/v1/login', { account: bomb(20) }), 400, 10001);
    expect(shallow.msg).not.toContain('嵌套');
  });
});
