import { ErrorCode } from '@picbook/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../errors';
import { sendEnvelope } from '../http/error-handler';
import { signedCacheControl, type UrlSigner } from '../media/signed-urls';
import { isValidKey } from './keys';
import type { ObjectStorage } from './types';

export type RangeRequest =
  /** No usable Range header (absent, another unit, several ranges, malformed): send it all. */
  { kind: 'whole' } | { kind: 'range'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * One `bytes=` range of RFC 9110 §14.1.2 against an object of `size` bytes: `a-b`, `a-` or the
 * suffix form `-n`. Several ranges are answered whole (allowed, and no player asks for them).
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header ?? '');
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    const suffix = Number(last);
    if (!Number.isSafeInteger(suffix)) return { kind: 'whole' };
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Number.MAX_SAFE_INTEGER : Number(last);
  // last < first is a syntactically invalid range, which is ignored rather than refused.
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) {
    return { kind: 'whole' };
  }
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'range', start, end: Math.min(end, size - 1) };
}

/**
 * Who a signed /uploads URL was issued to: the owner's family (their own account), or anyone
 * else, who may fetch it only while the owner's guardian lets others see the child's works.
 */
export type UploadAudience = 'family' | 'public';

/** The signed URL of a stored object for `audience` (decision 024). */
export function signedUploadUrl(signer: UrlSigner, key: string, audience: UploadAudience): string {
  return signer.sign(`/uploads/${key}`, { audience });
}

/**
 * A recording's URL for whoever asks: signed for the owner's family, or for others, whose fetches
 * are checked against the owner's consent every time (decision 024).
 */
export function recordingUrl(
  deps: { urlSigner: UrlSigner },
  key: string,
  ownerId: number,
  viewerId: number | null,
): string {
  return signedUploadUrl(deps.urlSigner, key, ownerId === viewerId ? 'family' : 'public');
}

export interface UploadAccess {
  /** Whether the owner of `key` still lets others hear it (asked on every public fetch). */
  isShownToOthers(key: string): Promise<boolean>;
}

/**
 * GET/HEAD /uploads/<key>?exp&sig&aud: stored objects, only through a signed URL that has not
 * expired (a child's recordings reach the family, and others only while consent holds: asked on
 * every fetch, so a withdrawal takes effect at once). With the content type chosen when they
 * were stored, `nosniff`, private caching no longer than the URL lives, and single byte ranges,
 * which iOS Safari needs before it plays an <audio>. Unknown and malformed keys, unsigned URLs
 * and withdrawn consent get the same 404 envelope, so the answer says nothing about which names
 * exist.
 */
export function registerUploads(
  app: FastifyInstance,
  storage: ObjectStorage,
  access: UploadAccess,
): void {
  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*'?: string })['*'] ?? '';
    if (!isValidKey(key)) return notFound(reply);
    const check = app.deps.urlSigner.verify(
      `/uploads/${key}`,
      request.query as Record<string, unknown>,
    );
    if (!check.ok) {
      if (check.reason !== 'expired') return notFound(reply);
      throw new AppError(ErrorCode.Forbidden, '链接已过期，请刷新后再试');
    }
    if (check.audience !== 'family' && !(await access.isShownToOthers(key))) {
      return notFound(reply);
    }
    // Others' copies may not outlive a withdrawal by long; the family keeps it while it is valid.
    const cacheControl = signedCacheControl(
      check.expiresAt,
      app.deps.clock.now(),
      'private',
      check.audience === 'family' ? 86_400 : 300,
    );

    const rangeHeader = request.headers.range;
    // We never send validators, so an If-Range can only be stale: answer the whole object.
    if (rangeHeader === undefined || request.headers['if-range'] !== undefined) {
      const object = await storage.get(key);
      if (!object) return notFound(reply);
      return objectHeaders(reply, object.contentType, cacheControl).status(200).send(object.body);
    }

    const info = await storage.head(key);
    if (!info) return notFound(reply);
    const range = parseRange(rangeHeader, info.size);
    if (range.kind === 'unsatisfiable') {
      return reply
        .status(416)
        .header('content-range', `bytes */${info.size}`)
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'no-store')
        .send();
    }
    const object = await storage.get(key, range.kind === 'range' ? range : undefined);
    if (!object) return notFound(reply);
    if (range.kind === 'whole') {
      return objectHeaders(reply, object.contentType, cacheControl).status(200).send(object.body);
    }
    return objectHeaders(reply, object.contentType, cacheControl)
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${object.size}`)
      .send(object.body);
  });
}

function objectHeaders(
  reply: FastifyReply,
  contentType: string,
  cacheControl: string,
): FastifyReply {
  return reply
    .type(contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .header('cache-control', cacheControl)
    .header('accept-ranges', 'bytes');
}

function notFound(reply: FastifyReply): FastifyReply {
  reply.header('cache-control', 'no-store');
  return sendEnvelope(reply, 404, {
    code: ErrorCode.RouteNotFound,
    msg: '文件不存在或已删除',
    data: null,
  });
}
