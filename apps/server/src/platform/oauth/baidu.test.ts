import { describe, expect, it } from 'vitest';
import { createBaiduProvider } from './baidu';
import { createFakeFetch, jsonResponse, textResponse } from './fake-fetch';

const ACCESS_TOKEN = '21.4a8e2b1c9f.2592000.1735689600.282335-10001';
// Shape as in Baidu passport "getLoggedInUser" (uid as a string, portrait as an opaque id).
const USER_OK = { uid: '2346677', uname: '小度用户', portrait: 'e2c1776c31393837313031319605' };

function provider(reply: () => Response | Promise<Response>) {
  const fake = createFakeFetch(reply);
  return { du: createBaiduProvider({ fetch: fake.fetch }), calls: fake.calls };
}

describe('createBaiduProvider', () => {
  it('verifies the token, checks the user id and reads name and portrait', async () => {
    const { du, calls } = provider(() => jsonResponse(USER_OK));
    await expect(du.exchange(`2346677:${ACCESS_TOKEN}`)).resolves.toEqual({
      family: 'du',
      uid: '2346677',
      nickname: '小度用户',
      avatarUrl: 'https://himg.bdimg.com/sys/portrait/item/e2c1776c31393837313031319605',
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.url).toBe(
      'https://openapi.baidu.com/rest/2.0/passport/users/getLoggedInUser' +
        '?access_token=21.4a8e2b1c9f.2592000.1735689600.282335-10001',
    );
    expect(calls[0]?.signal).toBeInstanceOf(AbortSignal);
  });

  it('URL-encodes the token', async () => {
    const { du, calls } = provider(() => jsonResponse(USER_OK));
    await du.exchange('2346677:a+b/c=');
    expect(calls[0]?.url).toMatch(/\?access_token=a%2Bb%2Fc%3D$/);
  });

  it('accepts a numeric uid and leaves out a missing portrait', async () => {
    const { du } = provider(() => jsonResponse({ uid: 2346677, uname: 'u' }));
    const identity = await du.exchange(`2346677:${ACCESS_TOKEN}`);
    expect(identity).toEqual({ family: 'du', uid: '2346677', nickname: 'u' });
  });

  it('refuses a token that belongs to a different user', async () => {
    const { du } = provider(() => jsonResponse(USER_OK));
    await expect(du.exchange(`9999999:${ACCESS_TOKEN}`)).rejects.toMatchObject({
      name: 'OAuthExchangeError',
      reason: 'invalid_code',
    });
  });

  it.each([
    [{ error_code: 110, error_msg: 'Access token invalid or no longer valid' }, 'invalid_code'],
    [{ error_code: 111, error_msg: 'Access token expired' }, 'invalid_code'],
    [{ error_code: 2, error_msg: 'Service temporarily unavailable' }, 'provider_error'],
    [{ error_code: 18, error_msg: 'Open api qps request limit reached' }, 'provider_error'],
  ])('maps %j to %s', async (payload, reason) => {
    const { du } = provider(() => jsonResponse(payload));
    await expect(du.exchange(`2346677:${ACCESS_TOKEN}`)).rejects.toMatchObject({ reason });
  });

  it.each(['', '2346677', ':token', '2346677:'])(
    'refuses the malformed code %j without calling Baidu',
    async (code) => {
      const { du, calls } = provider(() => jsonResponse(USER_OK));
      await expect(du.exchange(code)).rejects.toMatchObject({ reason: 'invalid_code' });
      expect(calls).toHaveLength(0);
    },
  );

  it.each([
    ['HTTP 500', () => textResponse('error', 500)],
    ['a network failure', () => Promise.reject(new TypeError('fetch failed'))],
    ['an answer without uid', () => jsonResponse({ uname: 'x' })],
  ])('treats %s as a provider error', async (_label, reply) => {
    const { du } = provider(reply);
    await expect(du.exchange(`2346677:${ACCESS_TOKEN}`)).rejects.toMatchObject({
      reason: 'provider_error',
    });
  });
});
