import { endpoints } from '@picbook/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../test/auth-helpers';
import { expectOk } from '../test/envelope';
import { operatorToken } from '../test/ops-kit';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Personal API answers are never kept by a cache (issue 35): one hook for every route, so a new
 * per-user endpoint cannot forget it; public reads and routes with their own caching are left be.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({
    beforeReady(app) {
      // A public read that chose its own caching (as a book list or the configs may).
      app.get('/api/v1/test-cached', (_request, reply) =>
        reply.header('cache-control', 'public, max-age=60').send({ code: 0, msg: 'ok', data: {} }),
      );
    },
  });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/v1/guest_login',
    payload: { device_id: `headers-${process.pid}-${Date.now()}` },
  });
  expect(login.headers['cache-control']).toBe('no-store');
  token = expectOk(login, endpoints.guestLogin).access_token;
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

describe('Cache-Control on API answers', () => {
  it.each([
    '/api/v1/user',
    '/api/v1/orders?page=1&page_size=10',
    '/api/v1/parent_space',
    '/api/v1/user/code',
    '/api/v1/configs', // public, but asked with a token: the answer may carry the caller's state
  ])('%s with an access token: no-store', async (url) => {
    const res = await get(url, auth(token));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a write, a refused token and an operator: no-store', async () => {
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/notifications',
      headers: auth(token),
      payload: {},
    });
    expect(write.headers['cache-control']).toBe('no-store');
    const refused = await get('/api/v1/user', auth('not-a-token-at-all-0000'));
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const ops = await get('/api/ops/me', { ops_token: await operatorToken(t, ['support']) });
    expect(ops.statusCode, ops.body).toBe(200);
    expect(ops.headers['cache-control']).toBe('no-store');
  });

  it('public reads without a token, and routes with their own caching, are left as they are', async () => {
    expect((await get('/api/v1/configs')).headers['cache-control']).toBeUndefined();
    expect((await get('/api/v1/configs/sms_areas')).headers['cache-control']).toBeUndefined();
    const own = await get('/api/v1/test-cached', auth(token));
    expect(own.headers['cache-control']).toBe('public, max-age=60');
  });

  it('the tracking beacon answers no-cache: a keepalive fetch answered no-store never ends in Chromium', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/pingback',
      headers: auth(token),
      payload: { sid: 's', events: [{ event: 'pv', ts: Date.now(), path: '/library' }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('only API answers: the app document keeps its own', async () => {
    const page = await get('/', auth(token));
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});
