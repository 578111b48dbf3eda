import { createHmac, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { APPLE_JWKS_URL, createAppleProvider } from './apple';
import { createFakeFetch, jsonResponse, textResponse } from './fake-fetch';
import type { OAuthProvider } from './types';

const AUDIENCE = 'com.picbook.app';
const START = new Date('2025-06-01T08:00:00Z');
const START_S = START.getTime() / 1000;

interface TestKey {
  kid: string;
  privateKey: KeyObject;
  jwk: Record<string, unknown>;
}

function makeKey(kid: string): TestKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  // Published the way Apple publishes its keys: {kty, kid, use, alg, n, e}.
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' };
  return { kid, privateKey, jwk };
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function claims(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    iss: 'https://appleid.apple.com',
    aud: AUDIENCE,
    exp: START_S + 600,
    iat: START_S - 5,
    sub: '001234.5f6e7d8c9b0a4f3e2d1c0b9a8f7e6d5c.0815',
    c_hash: 'x2Hc7bkD4gkTQ8w2NnqU1w',
    email: 'kid@privaterelay.appleid.com',
    email_verified: true,
    auth_time: START_S - 5,
    nonce_supported: true,
    ...overrides,
  };
}

/** An RS256 token signed with `signer`, claiming to be signed with `headerKid`'s key. */
function token(
  signer: TestKey,
  payload: Record<string, unknown> = claims(),
  header: Record<string, unknown> = { alg: 'RS256', kid: signer.kid },
): string {
  const input = `${b64url(header)}.${b64url(payload)}`;
  const signature = sign('RSA-SHA256', Buffer.from(input), signer.privateKey);
  return `${input}.${signature.toString('base64url')}`;
}

let keyA: TestKey;
let keyB: TestKey;
let attacker: TestKey;

beforeAll(() => {
  keyA = makeKey('YuyXoY');
  keyB = makeKey('W6WcOKB');
  attacker = makeKey('YuyXoY'); // same kid as keyA, different key
});

let published: TestKey[];
let jwksReply: (() => Response | Promise<Response>) | undefined;
let fake: ReturnType<typeof createFakeFetch>;
let apple: OAuthProvider;

// jose keeps its key set by the system clock: tests move a fake Date.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(START);
  published = [keyA];
  jwksReply = undefined;
  fake = createFakeFetch((call) => {
    if (call.url !== APPLE_JWKS_URL || call.method !== 'GET') {
      throw new Error(`unexpected request ${call.method} ${call.url}`);
    }
    return jwksReply ? jwksReply() : jsonResponse({ keys: published.map((k) => k.jwk) });
  });
  apple = createAppleProvider({ audiences: [AUDIENCE], fetch: fake.fetch });
});
afterEach(() => {
  vi.useRealTimers();
});

const advance = (ms: number) => {
  vi.setSystemTime(Date.now() + ms);
};

describe('createAppleProvider', () => {
  it('accepts a valid identity token; uid is sub', async () => {
    await expect(apple.exchange(token(keyA))).resolves.toEqual({
      family: 'apple',
      uid: '001234.5f6e7d8c9b0a4f3e2d1c0b9a8f7e6d5c.0815',
    });
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]?.signal).toBeInstanceOf(AbortSignal);
  });

  it('accepts any configured audience (app bundle id or web Services ID)', async () => {
    const both = createAppleProvider({
      audiences: [AUDIENCE, 'com.picbook.web'],
      fetch: fake.fetch,
    });
    const webToken = token(keyA, claims({ aud: 'com.picbook.web' }));
    await expect(both.exchange(webToken)).resolves.toMatchObject({ family: 'apple' });
  });

  it('refuses a token signed by another key under a known kid', async () => {
    await expect(apple.exchange(token(attacker))).rejects.toMatchObject({
      name: 'OAuthExchangeError',
      reason: 'invalid_code',
      message: expect.stringContaining('signature'),
    });
  });

  it('refuses a token whose payload was altered after signing', async () => {
    const [header, , signature] = token(keyA).split('.');
    const forged = `${header}.${b64url(claims({ sub: 'someone-else' }))}.${signature}`;
    await expect(apple.exchange(forged)).rejects.toMatchObject({ reason: 'invalid_code' });
  });

  it.each([
    ['wrong audience', { aud: 'com.other.app' }, 'audience'],
    ['audience array without ours', { aud: ['com.other.app'] }, 'audience'],
    ['wrong issuer', { iss: 'https://evil.example.com' }, 'issuer'],
    ['expired', { exp: START_S - 1 }, 'expired'],
    ['expiring this very second', { exp: START_S }, 'expired'],
    ['no exp', { exp: undefined }, 'expired'],
    ['iat beyond the 5 min skew', { iat: START_S + 301 }, 'future'],
    ['no sub', { sub: undefined }, 'sub'],
    ['empty sub', { sub: '' }, 'sub'],
  ])('refuses a correctly signed token with %s', async (_label, overrides, why) => {
    const result = apple.exchange(token(keyA, claims(overrides)));
    await expect(result).rejects.toMatchObject({ reason: 'invalid_code' });
    await expect(result).rejects.toThrow(why);
  });

  it('tolerates an iat up to 5 minutes ahead (clock skew)', async () => {
    const skewed = token(keyA, claims({ iat: START_S + 300 }));
    await expect(apple.exchange(skewed)).resolves.toMatchObject({ family: 'apple' });
  });

  it('refuses alg "none" without fetching keys', async () => {
    const header = b64url({ alg: 'none', kid: keyA.kid });
    const unsigned = `${header}.${b64url(claims())}.`;
    const result = apple.exchange(unsigned);
    await expect(result).rejects.toMatchObject({ reason: 'invalid_code' });
    await expect(result).rejects.toThrow('alg none');
    expect(fake.calls).toHaveLength(0);
  });

  it('refuses an RS256 token relabelled as alg "none" with its signature kept', async () => {
    const [, payload, signature] = token(keyA).split('.');
    const relabelled = `${b64url({ alg: 'none', kid: keyA.kid })}.${payload}.${signature}`;
    await expect(apple.exchange(relabelled)).rejects.toMatchObject({ reason: 'invalid_code' });
  });

  it('refuses HS256 signed with the public key as secret (key confusion)', async () => {
    const input = `${b64url({ alg: 'HS256', kid: keyA.kid })}.${b64url(claims())}`;
    const secret = JSON.stringify(keyA.jwk);
    const mac = createHmac('sha256', secret).update(input).digest('base64url');
    await expect(apple.exchange(`${input}.${mac}`)).rejects.toMatchObject({
      reason: 'invalid_code',
    });
  });

  it.each([
    ['empty', ''],
    ['two segments', 'abc.def'],
    ['not base64url', 'a*b.c$d.e'],
    ['not JSON', `${Buffer.from('nope').toString('base64url')}.e30.AA`],
    ['far too long', `${'a'.repeat(20_000)}.e30.AA`],
  ])('refuses a malformed token (%s) without fetching keys', async (_label, bad) => {
    await expect(apple.exchange(bad)).rejects.toMatchObject({ reason: 'invalid_code' });
    expect(fake.calls).toHaveLength(0);
  });

  it('refuses a token without kid', async () => {
    const noKid = token(keyA, claims(), { alg: 'RS256' });
    await expect(apple.exchange(noKid)).rejects.toMatchObject({ reason: 'invalid_code' });
  });

  describe('key set', () => {
    it('is fetched once for two verifications (cached)', async () => {
      await apple.exchange(token(keyA));
      advance(30 * 60 * 1000);
      await apple.exchange(token(keyA, claims({ exp: START_S + 3600 })));
      expect(fake.calls).toHaveLength(1);
    });

    it('is fetched again once it is an hour old', async () => {
      await apple.exchange(token(keyA));
      advance(60 * 60 * 1000);
      const later = claims({ iat: START_S + 3600, exp: START_S + 3600 + 600 });
      await apple.exchange(token(keyA, later));
      expect(fake.calls).toHaveLength(2);
    });

    it('is shared by concurrent logins (one fetch)', async () => {
      await Promise.all([apple.exchange(token(keyA)), apple.exchange(token(keyA))]);
      expect(fake.calls).toHaveLength(1);
    });

    it('is refetched once for an unknown kid, then the rotated key verifies', async () => {
      await apple.exchange(token(keyA));
      expect(fake.calls).toHaveLength(1);

      // Apple rotates: keyB is published. The cached set does not have it yet.
      published = [keyA, keyB];
      advance(2 * 60 * 1000);
      const rotated = token(keyB, claims({ exp: START_S + 3600 }));
      await expect(apple.exchange(rotated)).resolves.toMatchObject({ family: 'apple' });
      expect(fake.calls).toHaveLength(2);

      // The refreshed set is cached again.
      await apple.exchange(rotated);
      expect(fake.calls).toHaveLength(2);
    });

    it('refetches only once for a kid that stays unknown', async () => {
      await apple.exchange(token(keyA));
      advance(2 * 60 * 1000);
      const unknown = token(keyB, claims({ exp: START_S + 3600 }));
      await expect(apple.exchange(unknown)).rejects.toMatchObject({ reason: 'invalid_code' });
      expect(fake.calls).toHaveLength(2);
    });

    it('does not refetch for an unknown kid right after a fetch (made-up kids)', async () => {
      const unknown = token(keyB);
      await expect(apple.exchange(unknown)).rejects.toThrow('unknown kid');
      expect(fake.calls).toHaveLength(1);
      advance(30 * 1000);
      await expect(apple.exchange(unknown)).rejects.toThrow('unknown kid');
      expect(fake.calls).toHaveLength(1);
    });

    it.each([
      ['a network failure', () => Promise.reject(new TypeError('fetch failed'))],
      ['HTTP 503', () => textResponse('Service Unavailable', 503)],
      ['a set without usable keys', () => jsonResponse({ keys: [{ kty: 'EC', kid: 'x' }] })],
      ['a body without keys', () => jsonResponse({})],
    ])('reports %s as a provider error', async (_label, reply) => {
      jwksReply = reply;
      await expect(apple.exchange(token(keyA))).rejects.toMatchObject({
        reason: 'provider_error',
      });
    });

    it('skips a malformed key and still uses the good one', async () => {
      jwksReply = () =>
        jsonResponse({ keys: [{ kty: 'RSA', kid: 'bad', n: '!!', e: 'AQAB' }, keyA.jwk] });
      await expect(apple.exchange(token(keyA))).resolves.toMatchObject({ family: 'apple' });
    });

    it('recovers after a failed fetch', async () => {
      jwksReply = () => Promise.reject(new TypeError('fetch failed'));
      await expect(apple.exchange(token(keyA))).rejects.toMatchObject({
        reason: 'provider_error',
      });
      jwksReply = undefined;
      await expect(apple.exchange(token(keyA))).resolves.toMatchObject({ family: 'apple' });
    });
  });

  it('refuses to be built without an audience', () => {
    expect(() => createAppleProvider({ audiences: [] })).toThrow(
      expect.objectContaining({ reason: 'misconfigured' }),
    );
  });
});
