import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock';

/**
 * Short-lived signed URLs for files that only some readers may fetch (a members' book's pages and
 * narration, a child's recordings, later course media): `path?exp=…&sig=…`, where `sig` is an
 * HMAC-SHA256 over the path, the expiry and an optional audience. Whoever serves the path checks
 * it with `verify`; nothing is stored.
 *
 * Expiry is rounded up to a window, so every URL for a path issued within one window is the same
 * string: a CDN, the browser and an in-process cache of an API answer can keep it, and an API
 * answer that embeds it stays cacheable for a window too. A URL is valid for at least `ttlS` and
 * less than `ttlS + windowS` seconds.
 */
export interface UrlSigner {
  /** The signed URL of `path` (a URL path such as /media/books/1106/p1-1280.ab12cd34.webp). */
  sign(path: string, options?: { audience?: string }): string;
  /** The `exp` that URLs signed now carry: an answer embedding them may be reused until it moves. */
  expiry(): number;
  /** Checks the exp/sig/aud of a request for `path` (its raw, still percent-encoded form). */
  verify(path: string, query: Record<string, unknown>): SignatureCheck;
}

export type SignatureCheck =
  | { ok: true; audience: string | null; expiresAt: number }
  | { ok: false; reason: 'missing' | 'expired' | 'invalid' };

export interface UrlSignerOptions {
  /** The HMAC key (MEDIA_URL_KEY): at least 32 characters, the same on every API process. */
  key: string;
  clock: Clock;
  /** Shortest validity of a URL, in seconds. */
  ttlS?: number;
  /** Expiry is rounded up to a multiple of this (seconds). */
  windowS?: number;
}

/** Four hours at least: a child may keep a book open for a long session. */
export const SIGNED_URL_TTL_S = 4 * 3600;
export const SIGNED_URL_WINDOW_S = 3600;

/** The query parameters a signed URL adds. */
export const SIGNATURE_PARAMS = ['exp', 'sig', 'aud'] as const;

const AUDIENCE = /^[a-z]{1,16}$/;

export function createUrlSigner(options: UrlSignerOptions): UrlSigner {
  const ttlS = options.ttlS ?? SIGNED_URL_TTL_S;
  const windowS = options.windowS ?? SIGNED_URL_WINDOW_S;
  const nowS = () => Math.floor(options.clock.now().getTime() / 1000);
  const mac = (path: string, exp: number, audience: string) =>
    createHmac('sha256', options.key)
      .update(`${path}\n${exp}\n${audience}`)
      .digest()
      .subarray(0, 16);

  const expiry = () => Math.ceil((nowS() + ttlS) / windowS) * windowS;

  return {
    expiry,
    sign(path, signOptions = {}) {
      const audience = signOptions.audience ?? '';
      if (audience && !AUDIENCE.test(audience)) throw new Error(`bad audience ${audience}`);
      const exp = expiry();
      const sig = mac(path, exp, audience).toString('base64url');
      return `${path}?exp=${exp}&sig=${sig}${audience ? `&aud=${audience}` : ''}`;
    },
    verify(path, query) {
      const { exp, sig, aud = '' } = query;
      if (exp === undefined && sig === undefined) return { ok: false, reason: 'missing' };
      if (
        typeof exp !== 'string' ||
        typeof sig !== 'string' ||
        typeof aud !== 'string' ||
        !/^\d{1,12}$/.test(exp) ||
        (aud !== '' && !AUDIENCE.test(aud))
      ) {
        return { ok: false, reason: 'invalid' };
      }
      const given = Buffer.from(sig, 'base64url');
      const expected = mac(path, Number(exp), aud);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return { ok: false, reason: 'invalid' };
      }
      if (Number(exp) <= nowS()) return { ok: false, reason: 'expired' };
      return { ok: true, audience: aud || null, expiresAt: Number(exp) };
    },
  };
}

/** The path of a URL we issued (signed or not), without query or origin: what identifies it. */
export function pathOfUrl(url: string): string {
  const withoutOrigin = url.replace(/^https?:\/\/[^/]+/, '');
  const end = withoutOrigin.search(/[?#]/);
  return end === -1 ? withoutOrigin : withoutOrigin.slice(0, end);
}

/**
 * Cache-Control for a response to a signed URL: never past the URL's own expiry (a CDN or the
 * browser must not keep serving it after that), at most a day.
 */
export function signedCacheControl(
  expiresAt: number,
  now: Date,
  scope: 'public' | 'private',
  capS = 86_400,
): string {
  const left = Math.max(0, Math.min(capS, expiresAt - Math.floor(now.getTime() / 1000)));
  return `${scope}, max-age=${left}`;
}
