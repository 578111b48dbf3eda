import { endpoints } from '@picbook/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../test/envelope';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { hashToken } from '../../platform/auth/tokens';
import { authTokens } from '../../platform/db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (device_id: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/guest_login', payload: { device_id } });

describe('POST /api/v1/guest_login', () => {
  it('creates a guest account and answers data.access_token plus the user', async () => {
    const data = expectOk(await login('device-0001'), endpoints.guestLogin);
    expect(data.access_token.length).toBeGreaterThanOrEqual(22); // ≥128 bits, base64url
    expect(data.user.is_guest).toBe(true);
    expect(data.user.is_first_login).toBe(true);
    expect(data.user.reg_days).toBe(1);
  });

  it('resumes the same guest for the same device, with a new token', async () => {
    const first = expectOk(await login('device-0002'), endpoints.guestLogin);
    const second = expectOk(await login('device-0002'), endpoints.guestLogin);
    expect(second.user.id).toBe(first.user.id);
    expect(second.user.is_first_login).toBe(false);
    expect(second.access_token).not.toBe(first.access_token);
  });

  it('gives concurrent first logins from one device one account', async () => {
    const results = await Promise.all([1, 2, 3, 4].map(() => login('device-0003')));
    const ids = new Set(results.map((r) => expectOk(r, endpoints.guestLogin).user.id));
    expect(ids.size).toBe(1);
  });

  it('stores only a hash of the token', async () => {
    const data = expectOk(await login('device-0004'), endpoints.guestLogin);
    const rows = await t.database.db.select().from(authTokens);
    expect(rows.some((r) => r.tokenHash === data.access_token)).toBe(false);
    expect(rows.some((r) => r.tokenHash === hashToken(data.access_token))).toBe(true);
  });

  it.each([
    [{}, 'device_id'],
    [{ device_id: 'short' }, 'device_id'],
    [{ device_id: 'has spaces in it' }, 'device_id'],
  ])('refuses %j with 400 / 10001 naming the field', async (payload, field) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/guest_login', payload });
    const body = expectError(res, 400, 10001);
    expect(body.data?.field).toBe(field);
    expect(body.msg).toContain(field);
  });
});

describe('GET /api/v1/user', () => {
  it('answers 401 / 10008 without a token', async () => {
    const body = expectError(await t.app.inject({ url: '/api/v1/user' }), 401, 10008);
    expect(body.msg).toBe('请先登录');
  });

  it('answers 401 / 10008 for an unknown token', async () => {
    const res = await t.app.inject({
      url: '/api/v1/user',
      headers: { access_token: 'x'.repeat(43) },
    });
    expectError(res, 401, 10008);
  });

  it('answers 401 for an expired token', async () => {
    const { access_token } = expectOk(await login('device-0005'), endpoints.guestLogin);
    t.clock.advance(181 * 24 * 3600 * 1000);
    try {
      expectError(
        await t.app.inject({ url: '/api/v1/user', headers: { access_token } }),
        401,
        10008,
      );
    } finally {
      t.clock.advance(-181 * 24 * 3600 * 1000);
    }
  });

  it('answers the user info for a valid token', async () => {
    const { access_token, user } = expectOk(await login('device-0006'), endpoints.guestLogin);
    const res = await t.app.inject({ url: '/api/v1/user?type=20', headers: { access_token } });
    const data = expectOk(res, endpoints.userInfo);
    expect(data.id).toBe(user.id);
    expect(data.is_guest).toBe(true);
  });

  it('refuses type other than 20/21', async () => {
    const { access_token } = expectOk(await login('device-0007'), endpoints.guestLogin);
    const res = await t.app.inject({ url: '/api/v1/user?type=5', headers: { access_token } });
    expectError(res, 400, 10001);
  });
});
