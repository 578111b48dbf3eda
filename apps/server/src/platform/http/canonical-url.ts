import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { invalidParams } from '../errors';

/**
 * Where a request whose path has no canonical form is sent (decision 086): one route answers it
 * with 400 / 10001. Under /api/, so it never falls back to the web app.
 */
export const REFUSED_PATH = '/api/refused-path';

/** Paths already canonical skip the work: no escapes, dot segments, `//`, `\`, `;`, `#`, non-ASCII. */
const MAY_NEED_WORK = /%|\/\/|\/\.|\\|;|#|[^\x21-\x7e]/;

/** Characters a path segment may carry unescaped (RFC 3986 pchar less `;`, which routers cut at). */
const KEEP_UNESCAPED = /%(21|24|26|27|28|29|2A|2B|2C|3D|3A|40)/g;

const encodeSegment = (segment: string): string =>
  encodeURIComponent(segment).replace(KEEP_UNESCAPED, (kept) => decodeURIComponent(kept));

/**
 * The one canonical form of a request URL, decided before routing, so the media guard, the file
 * servers and the routes all see the same path (issue 35): each segment percent-decoded once and
 * re-encoded one way, empty and `.` segments dropped, `..` resolved. The query is kept as sent.
 * Null — refused — when the path cannot be made canonical: not origin-form, a segment that does
 * not decode, a `..` above the root, an encoded `/`, a `\`, a NUL, or a raw `;` or `#` (routers
 * cut the path there while the guards would not).
 */
export function canonicalUrl(url: string): string | null {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!path.startsWith('/')) return null;
  if (!MAY_NEED_WORK.test(path)) return url;
  if (/[\\;#]/.test(path)) return null;
  const segments: string[] = [];
  const raw = path.split('/');
  for (let i = 1; i < raw.length; i += 1) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw[i] ?? '');
    } catch {
      return null;
    }
    if (/[/\\\0]/.test(segment)) return null;
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) return null;
      segments.pop();
      continue;
    }
    segments.push(encodeSegment(segment));
  }
  // `/a/b/`, `/a/b/.` and `/a/b//` all keep their trailing slash; the root stays `/`.
  const last = raw[raw.length - 1];
  const trailing = segments.length > 0 && (last === '' || last === '.' || last === '..') ? '/' : '';
  const canonical = `/${segments.join('/')}${trailing}`;
  return queryAt === -1 ? canonical : canonical + url.slice(queryAt);
}

/** Fastify's `rewriteUrl`: every request is routed by its canonical URL, or refused. */
export function rewriteToCanonical(req: IncomingMessage): string {
  return canonicalUrl(req.url ?? '/') ?? REFUSED_PATH;
}

/** The answer to a request whose path has no canonical form (see {@link canonicalUrl}). */
export function registerRefusedPath(app: FastifyInstance): void {
  app.all(REFUSED_PATH, { schema: { hide: true } }, async () => {
    throw invalidParams('url', '地址无效');
  });
}
