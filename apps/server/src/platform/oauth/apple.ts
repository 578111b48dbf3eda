import { type KeyObject, verify } from 'node:crypto';
import { stringField } from './http';
import { createJwksCache } from './jwks';
import { decodeJwt } from './jwt';
import {
  type HttpFetch,
  OAuthExchangeError,
  type OAuthProvider,
  type ThirdPartyIdentity,
} from './types';

export const APPLE_ISSUER = 'https://appleid.apple.com';
export const APPLE_JWKS_URL = 'https://appleid.apple.com/auth/keys';

const JWKS_TTL_MS = 60 * 60 * 1000;
const JWKS_REFETCH_COOLDOWN_MS = 60 * 1000;
const CLOCK_SKEW_S = 5 * 60;
/** Apple identity tokens are about 1 KB; anything far larger is not one. */
const MAX_TOKEN_LENGTH = 16 * 1024;

export interface AppleProviderOptions {
  /** Accepted `aud` values: the app's bundle id and, for web sign-in, the Services ID. */
  audiences: string[];
  fetch?: HttpFetch;
  now?: () => Date;
}

/** Sign in with Apple: the identity token is a JWT signed by Apple, verified locally. */
export function createAppleProvider(options: AppleProviderOptions): OAuthProvider {
  const audiences = new Set(options.audiences.filter((a) => a !== ''));
  if (audiences.size === 0) {
    throw new OAuthExchangeError('apple: at least one audience is required', 'misconfigured');
  }
  const now = options.now ?? (() => new Date());
  const jwks = createJwksCache({
    url: APPLE_JWKS_URL,
    fetch: options.fetch ?? fetch,
    now,
    ttlMs: JWKS_TTL_MS,
    refetchCooldownMs: JWKS_REFETCH_COOLDOWN_MS,
  });
  const refuse = (why: string) =>
    new OAuthExchangeError(`apple identity token: ${why}`, 'invalid_code');

  return {
    type: 'apple',
    async exchange(authCode: string): Promise<ThirdPartyIdentity> {
      if (authCode.length > MAX_TOKEN_LENGTH) throw refuse('too long');
      const jwt = decodeJwt(authCode);
      if (!jwt) throw refuse('not a JWT');

      // The algorithm is pinned, never taken from the token: 'none' or HS256 (with the public key
      // as HMAC secret) would let anyone mint tokens.
      if (jwt.header.alg !== 'RS256') throw refuse(`alg ${String(jwt.header.alg)} is not RS256`);
      const kid = stringField(jwt.header, 'kid');
      if (!kid) throw refuse('no kid');
      const key = await jwks.getKey(kid);
      if (!key) throw refuse(`unknown kid ${kid}`);
      if (!verifySignature(jwt.signingInput, key, jwt.signature)) throw refuse('bad signature');

      const claims = jwt.payload;
      if (claims.iss !== APPLE_ISSUER) throw refuse('wrong issuer');
      if (!audienceMatches(claims.aud, audiences)) throw refuse('wrong audience');
      const nowS = now().getTime() / 1000;
      if (typeof claims.exp !== 'number' || claims.exp <= nowS) throw refuse('expired');
      if (typeof claims.iat !== 'number' || claims.iat > nowS + CLOCK_SKEW_S) {
        throw refuse('issued in the future');
      }
      const sub = stringField(claims, 'sub');
      if (!sub) throw refuse('no sub');
      return { family: 'apple', uid: sub };
    },
  };
}

function verifySignature(signingInput: string, key: KeyObject, sig: Buffer): boolean {
  try {
    return verify('RSA-SHA256', Buffer.from(signingInput), key, sig);
  } catch {
    // A signature of the wrong length can throw instead of returning false.
    return false;
  }
}

function audienceMatches(aud: unknown, audiences: Set<string>): boolean {
  if (typeof aud === 'string') return audiences.has(aud);
  // JWT allows an array of audiences; Apple sends a string, but accept the general form.
  return Array.isArray(aud) && aud.some((a) => typeof a === 'string' && audiences.has(a));
}
