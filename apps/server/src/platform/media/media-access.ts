import { ErrorCode } from '@picbook/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import { signedCacheControl } from './signed-urls';

export type MediaAccess = 'public' | 'signed';

/**
 * Who may fetch the files under one prefix of /media, decided by the feature that owns them (the
 * books feature: covers and trial books are public, everything else of a book needs a signed URL
 * from the book endpoint). Paths under no rule's prefix are public (avatars, music).
 */
export interface MediaRule {
  /** A decoded URL path prefix such as `/media/books/`. */
  prefix: string;
  /** `path` is the decoded URL path of the request. */
  access(path: string): Promise<MediaAccess>;
}

/**
 * File types a client fetches from /media. Anything else there — build artefacts such as a book's
 * manifest.json (its whole text, timelines and the names of every file), sources, notes — is
 * never served.
 */
export const SERVED_MEDIA_TYPES =
  /\.(webp|avif|png|jpe?g|gif|svg|mp3|m4a|aac|ogg|oga|opus|wav|mp4|webm|vtt)$/i;

declare module 'fastify' {
  interface FastifyRequest {
    /** Cache-Control for an answer to a signed media URL (never past its expiry). */
    signedMediaCacheControl?: string;
  }
}

/**
 * Guards /media before any handler (static files and the image options alike). It sees the
 * request's canonical URL (http/canonical-url.ts: `//`, `.`, `..` and escapes resolved before
 * routing), the same path the file server opens. Unknown file
 * types answer 404, paths a rule protects need a valid signed URL (403 otherwise), and the answer
 * to a signed URL may be cached only until the URL expires.
 */
export function registerMediaGuard(app: FastifyInstance, rules: readonly MediaRule[]): void {
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/media/')) return;
    const queryAt = request.url.indexOf('?');
    const rawPath = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
    let path: string;
    try {
      path = decodeURIComponent(rawPath);
    } catch {
      throw new AppError(ErrorCode.RouteNotFound);
    }
    if (!SERVED_MEDIA_TYPES.test(path)) throw new AppError(ErrorCode.RouteNotFound);
    // Rules match whatever the case, as a case-insensitive file system would (decision 086).
    const folded = path.toLowerCase();
    const rule = rules.find((r) => folded.startsWith(r.prefix));
    if (!rule || (await rule.access(path)) === 'public') return;
    const search = queryAt === -1 ? '' : request.url.slice(queryAt + 1);
    const check = app.deps.urlSigner.verify(
      rawPath,
      Object.fromEntries(new URLSearchParams(search)),
    );
    if (!check.ok) {
      throw new AppError(
        ErrorCode.Forbidden,
        check.reason === 'expired' ? '链接已过期，请刷新后再试' : '没有权限查看这个文件',
      );
    }
    request.signedMediaCacheControl = signedCacheControl(
      check.expiresAt,
      app.deps.clock.now(),
      'public',
    );
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.signedMediaCacheControl && reply.statusCode < 400) {
      reply.header('cache-control', request.signedMediaCacheControl);
    }
    return payload;
  });
}
