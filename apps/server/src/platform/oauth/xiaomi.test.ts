import { describe, expect, it } from 'vitest';
import { createFakeFetch, jsonResponse, textResponse } from './fake-fetch';
import { createXiaomiProvider, xiaomiSignature } from './xiaomi';

const APP_ID = '2882303761517411490';
const APP_SECRET = 'A1b2C3d4E5f6G7h8/x==';

// Computed independently of this code, once, with OpenSSL:
//   printf '%s' 'appId=2882303761517411490&session=1nlfxuAGmZk9IR2L&uid=100010' \
//     | openssl dgst -sha1 -hmac 'A1b2C3d4E5f6G7h8/x=='
const SIGNATURE_PLAIN = '5fdc5a0a6046c0d1f748df15e0f542290fd70895';
//   printf '%s' 'appId=2882303761517411490&session=s+p/q=r&uid=100010' \
//     | openssl dgst -sha1 -hmac 'A1b2C3d4E5f6G7h8/x=='
const SIGNATURE_RESERVED = '3e28b61ed6d7bd72c48ac135e6ab022a6c77d653';

function provider(reply: () => Response | Promise<Response>) {
  const fake = createFakeFetch(reply);
  const mi = createXiaomiProvider({ appId: APP_ID, appSecret: APP_SECRET, fetch: fake.fetch });
  return { mi, calls: fake.calls };
}

describe('xiaomiSignature', () => {
  it('matches the OpenSSL HMAC-SHA1 vector', () => {
    expect(
      xiaomiSignature(APP_SECRET, { appId: APP_ID, session: '1nlfxuAGmZk9IR2L', uid: '100010' }),
    ).toBe(SIGNATURE_PLAIN);
  });
});

describe('createXiaomiProvider', () => {
  it('validates uid:session with a signed GET; uid is the Xiaomi uid', async () => {
    const { mi, calls } = provider(() => jsonResponse({ errcode: 200 }));
    await expect(mi.exchange('100010:1nlfxuAGmZk9IR2L')).resolves.toEqual({
      family: 'mi',
      uid: '100010',
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.url).toBe(
      'https://mis.migc.xiaomi.com/api/biz/service/loginvalidate?appId=2882303761517411490' +
        `&session=1nlfxuAGmZk9IR2L&uid=100010&signature=${SIGNATURE_PLAIN}`,
    );
    expect(calls[0]?.signal).toBeInstanceOf(AbortSignal);
  });

  it('signs the raw session but URL-encodes it in the query', async () => {
    const { mi, calls } = provider(() => jsonResponse({ errcode: 200 }));
    await mi.exchange('100010:s+p/q=r');
    expect(calls[0]?.url).toBe(
      'https://mis.migc.xiaomi.com/api/biz/service/loginvalidate?appId=2882303761517411490' +
        `&session=s%2Bp%2Fq%3Dr&uid=100010&signature=${SIGNATURE_RESERVED}`,
    );
  });

  it('splits at the first colon only', async () => {
    const { mi, calls } = provider(() => jsonResponse({ errcode: 200 }));
    await expect(mi.exchange('100010:ab:cd')).resolves.toMatchObject({ uid: '100010' });
    expect(new URL(calls[0]?.url ?? '').searchParams.get('session')).toBe('ab:cd');
  });

  it.each(['', 'no-colon', ':session-only', '100010:'])(
    'refuses the malformed code %j without calling Xiaomi',
    async (code) => {
      const { mi, calls } = provider(() => jsonResponse({ errcode: 200 }));
      await expect(mi.exchange(code)).rejects.toMatchObject({ reason: 'invalid_code' });
      expect(calls).toHaveLength(0);
    },
  );

  it.each([
    [1515, 'misconfigured'],
    [1516, 'invalid_code'],
    [1520, 'invalid_code'],
    [1525, 'misconfigured'],
    [500, 'provider_error'],
  ])('maps errcode %i to %s', async (errcode, reason) => {
    const { mi } = provider(() => jsonResponse({ errcode, errMsg: 'error' }));
    await expect(mi.exchange('100010:1nlfxuAGmZk9IR2L')).rejects.toMatchObject({
      name: 'OAuthExchangeError',
      reason,
    });
  });

  it.each([
    ['an answer without errcode', () => jsonResponse({ ok: true })],
    ['HTTP 503', () => textResponse('Service Unavailable', 503)],
    ['a network failure', () => Promise.reject(new TypeError('fetch failed'))],
  ])('treats %s as a provider error', async (_label, reply) => {
    const { mi } = provider(reply);
    await expect(mi.exchange('100010:1nlfxuAGmZk9IR2L')).rejects.toMatchObject({
      reason: 'provider_error',
    });
  });

  it('refuses to be built without credentials', () => {
    expect(() => createXiaomiProvider({ appId: '', appSecret: APP_SECRET })).toThrow(
      expect.objectContaining({ reason: 'misconfigured' }),
    );
  });
});
