import { describe, expect, it } from 'vitest';
import { createFakeFetch, jsonResponse, textResponse } from './fake-fetch';
import { createHuaweiProvider } from './huawei';

const CLIENT_ID = '104123456';
// Huawei access tokens are base64 with '+', '/' and '=', which must survive form encoding.
const ACCESS_TOKEN = 'DAEBAHlv/Xq+Z9w=';

// Shape as in Account Kit "Parsing an Access Token" (POST /oauth2/v3/tokeninfo).
const TOKENINFO_OK = {
  client_id: CLIENT_ID,
  expire_in: 3542,
  union_id: 'MDFAMTAxMjM0NTY3ODk6OnVuaW9u',
  open_id: 'MDFAMTA0MTIzNDU2OjpvcGVu',
  scope: 'openid https://www.huawei.com/auth/account/base.profile',
  project_id: '736430079245000000',
  type: 1,
};
const INVALID_TOKEN = { sub_error: 20152, error_description: 'invalid access token', error: 1102 };

function provider(reply: () => Response | Promise<Response>) {
  const fake = createFakeFetch(reply);
  return {
    hw: createHuaweiProvider({ clientId: CLIENT_ID, fetch: fake.fetch }),
    calls: fake.calls,
  };
}

describe('createHuaweiProvider', () => {
  it('posts the token form-encoded to tokeninfo; uid is the union_id', async () => {
    const { hw, calls } = provider(() => jsonResponse(TOKENINFO_OK));
    await expect(hw.exchange(ACCESS_TOKEN)).resolves.toEqual({
      family: 'hw',
      uid: 'MDFAMTAxMjM0NTY3ODk6OnVuaW9u',
    });

    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.method).toBe('POST');
    expect(call?.url).toBe('https://oauth-login.cloud.huawei.com/oauth2/v3/tokeninfo');
    expect(call?.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(call?.body).toBe('access_token=DAEBAHlv%2FXq%2BZ9w%3D&open_id=OPENID');
    expect(call?.signal).toBeInstanceOf(AbortSignal);
  });

  it('falls back to the open_id when no union_id is issued', async () => {
    const { union_id: _omit, ...withoutUnion } = TOKENINFO_OK;
    const { hw } = provider(() => jsonResponse(withoutUnion));
    await expect(hw.exchange(ACCESS_TOKEN)).resolves.toMatchObject({
      uid: 'MDFAMTA0MTIzNDU2OjpvcGVu',
    });
  });

  it('accepts a client_id sent as a number', async () => {
    const { hw } = provider(() => jsonResponse({ ...TOKENINFO_OK, client_id: 104123456 }));
    await expect(hw.exchange(ACCESS_TOKEN)).resolves.toMatchObject({ family: 'hw' });
  });

  it('refuses a valid token that was issued to another app', async () => {
    const { hw } = provider(() => jsonResponse({ ...TOKENINFO_OK, client_id: '109999999' }));
    await expect(hw.exchange(ACCESS_TOKEN)).rejects.toMatchObject({
      name: 'OAuthExchangeError',
      reason: 'invalid_code',
    });
  });

  it('refuses an expired token', async () => {
    const { hw } = provider(() => jsonResponse({ ...TOKENINFO_OK, expire_in: 0 }));
    await expect(hw.exchange(ACCESS_TOKEN)).rejects.toMatchObject({ reason: 'invalid_code' });
  });

  it.each([400, 401, 200])('maps an error body with HTTP %i to invalid_code', async (status) => {
    const { hw } = provider(() => jsonResponse(INVALID_TOKEN, status));
    const result = hw.exchange(ACCESS_TOKEN);
    await expect(result).rejects.toMatchObject({ reason: 'invalid_code' });
    await expect(result).rejects.toThrow('20152');
  });

  it.each([
    ['HTTP 500 with an error body', () => jsonResponse({ error: 'internal error' }, 500)],
    ['HTTP 429', () => jsonResponse({ error: 'too many requests' }, 429)],
    ['HTTP 403 without an error body', () => jsonResponse({}, 403)],
    ['an HTML page', () => textResponse('<html>502</html>', 502)],
    ['a network failure', () => Promise.reject(new TypeError('fetch failed'))],
    ['an answer without ids', () => jsonResponse({ client_id: CLIENT_ID, expire_in: 3600 })],
  ])('treats %s as a provider error', async (_label, reply) => {
    const { hw } = provider(reply);
    await expect(hw.exchange(ACCESS_TOKEN)).rejects.toMatchObject({ reason: 'provider_error' });
  });

  it('refuses an empty token without calling Huawei', async () => {
    const { hw, calls } = provider(() => jsonResponse(TOKENINFO_OK));
    await expect(hw.exchange('')).rejects.toMatchObject({ reason: 'invalid_code' });
    expect(calls).toHaveLength(0);
  });

  it('refuses to be built without a client id', () => {
    expect(() => createHuaweiProvider({ clientId: '' })).toThrow(
      expect.objectContaining({ reason: 'misconfigured' }),
    );
  });
});
