import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * CSP for the SPA document: everything from our own origin; media may be blob: (recordings);
 * frames also from https pages (the in-app web screen shows operators' activity pages, issue 19).
 */
export const SPA_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-src 'self' https:",
  "frame-ancestors 'self'",
].join('; ');

/** The inline scripts of an HTML page (a `<script>` without `src`): their text, as hashed by CSP. */
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/**
 * SPA_CSP for one page: its own inline scripts (index.html's boot fetch, decision 084) allowed
 * by their SHA-256, no others.
 */
export function spaCspFor(html: string): string {
  const hashes = [...html.matchAll(INLINE_SCRIPT)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '', 'utf8')
        .digest('base64')}'`,
  );
  if (hashes.length === 0) return SPA_CSP;
  return SPA_CSP.replace("script-src 'self'", `script-src 'self' ${hashes.join(' ')}`);
}

/** Headers that name the caller: an answer to a request with one is that family's or operator's. */
const CREDENTIAL_HEADERS = ['access_token', 'ops_token'] as const;

/**
 * Whether an API answer belongs to one person and must not be kept by any cache (a shared proxy,
 * the browser's disk): the request named its caller, or it was a write (a login's answer carries
 * a token of its own). Public reads (configs, book lists) are left to their routes.
 */
export function isPersonalAnswer(request: FastifyRequest): boolean {
  const path = request.routeOptions.url ?? request.url;
  if (!path.startsWith('/api/')) return false;
  if (request.method !== 'GET' && request.method !== 'HEAD') return true;
  return CREDENTIAL_HEADERS.some((name) => Boolean(request.headers[name]));
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  const instance = app.deps.config.instanceName;
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    // Which of several processes answered (INSTANCE_NAME; the scale-out check reads it).
    if (instance) reply.header('x-instance', instance);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    // Once here for every route: a route that chose its own caching keeps it.
    if (!reply.hasHeader('cache-control') && isPersonalAnswer(request)) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
