import {
  createRemoteJWKSet,
  customFetch,
  decodeProtectedHeader,
  errors,
  type JWTPayload,
  jwtVerify,
} from 'jose';
import {
  type HttpFetch,
  OAuthExchangeError,
  type OAuthProvider,
  type ThirdPartyIdentity,
} from './types';

export const APPLE_ISSUER = 'https://appleid.apple.com';
export const APPLE_JWKS_URL = 'https://appleid.apple.com/auth/keys';

/** Apple's key set is cached an hour; an unknown kid refetches it at most once a minute. */
const JWKS_CACHE_MS = 60 * 60 * 1000;
const JWKS_COOLDOWN_MS = 60 * 1000;
const JWKS_TIMEOUT_MS = 10_000;
/** An `iat` this far ahead of our clock is tolerated (clock skew); `exp` is not stretched. */
const CLOCK_SKEW_S = 5 * 60;
/** Apple identity tokens are about 1 KB; anything far larger is not one. */
const MAX_TOKEN_LENGTH = 16 * 1024;

export interface AppleProviderOptions {
  /** Accepted `aud` values: the app's bundle id and, for web sign-in, the Services ID. */
  audiences: string[];
  fetch?: HttpFetch;
}

/**
 * Sign in with Apple: the identity token is a JWT signed by Apple, verified with `jose` against
 * Apple's published key set (fetched, cached and refetched on key rotation by jose's remote JWK
 * set), RS256 only, issuer and audiences pinned, expiry strict.
 */
export function createAppleProvider(options: AppleProviderOptions): OAuthProvider {
  const audiences = options.audiences.filter((a) => a !== '');
  if (audiences.length === 0) {
    throw new OAuthExchangeError('apple: at least one audience is required', 'misconfigured');
  }
  const jwks = createRemoteJWKSet(new URL(APPLE_JWKS_URL), {
    cacheMaxAge: JWKS_CACHE_MS,
    cooldownDuration: JWKS_COOLDOWN_MS,
    timeoutDuration: JWKS_TIMEOUT_MS,
    ...(options.fetch ? { [customFetch]: options.fetch } : {}),
  });
  const refuse = (why: string) =>
    new OAuthExchangeError(`apple identity token: ${why}`, 'invalid_code');

  return {
    type: 'apple',
    async exchange(authCode: string): Promise<ThirdPartyIdentity> {
      if (authCode.length > MAX_TOKEN_LENGTH) throw refuse('too long');
      let header: ReturnType<typeof decodeProtectedHeader>;
      try {
        header = decodeProtectedHeader(authCode);
      } catch {
        throw refuse('not a JWT');
      }
      // A token without kid would be tried against any RS256 key of the set; Apple always names it.
      if (typeof header.kid !== 'string' || header.kid === '') throw refuse('no kid');
      let claims: JWTPayload;
      try {
        ({ payload: claims } = await jwtVerify(authCode, jwks, {
          // Pinned, never taken from the token: 'none' or HS256 (with the public key as HMAC
          // secret) would let anyone mint tokens.
          algorithms: ['RS256'],
          issuer: APPLE_ISSUER,
          audience: audiences,
          requiredClaims: ['exp', 'iat', 'sub'],
        }));
      } catch (error) {
        throw asRefusal(error, header, jwks, refuse);
      }
      if (typeof claims.iat !== 'number' || claims.iat > Date.now() / 1000 + CLOCK_SKEW_S) {
        throw refuse('issued in the future');
      }
      if (typeof claims.sub !== 'string' || claims.sub === '') throw refuse('no sub');
      return { family: 'apple', uid: claims.sub };
    },
  };
}

/** jose's verdict as our refusal (invalid_code), or as a provider error when Apple failed us. */
function asRefusal(
  error: unknown,
  header: { alg?: string; kid?: string },
  jwks: ReturnType<typeof createRemoteJWKSet>,
  refuse: (why: string) => OAuthExchangeError,
): OAuthExchangeError {
  if (error instanceof errors.JOSEAlgNotAllowed) return refuse(`alg ${header.alg} is not RS256`);
  if (error instanceof errors.JWSSignatureVerificationFailed) return refuse('bad signature');
  if (error instanceof errors.JWTExpired) return refuse('expired');
  if (error instanceof errors.JWTClaimValidationFailed) {
    const claim = { aud: 'wrong audience', iss: 'wrong issuer', exp: 'expired', sub: 'no sub' }[
      error.claim as 'aud' | 'iss' | 'exp' | 'sub'
    ];
    return refuse(claim ?? `${error.claim} ${error.reason}`);
  }
  if (error instanceof errors.JWKSNoMatchingKey) {
    // A set with no RSA key at all is Apple's problem, not the token's.
    const published = jwks.jwks()?.keys ?? [];
    if (!published.some((k) => k.kty === 'RSA')) {
      return new OAuthExchangeError('JWKS fetch: no usable RSA keys', 'provider_error');
    }
    return refuse(`unknown kid ${header.kid}`);
  }
  if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid) {
    return refuse('not a JWT');
  }
  // The key set could not be fetched or read (network, status, timeout, not a key set).
  return new OAuthExchangeError(
    `JWKS fetch: ${error instanceof Error ? error.message : String(error)}`,
    'provider_error',
  );
}
