import { ErrorCode } from '@picbook/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
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
 * GET/HEAD /uploads/<key>: stored objects with the content type chosen when they were stored,
 * `nosniff`, private immutable caching (names are random and never reused) and single byte
 * ranges, which iOS Safari needs before it plays an <audio>. Unknown and malformed keys get the
 * same 404 envelope, so the answer says nothing about which names exist.
 */
export function registerUploads(app: FastifyInstance, storage: ObjectStorage): void {
  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*'?: string })['*'] ?? '';
    if (!isValidKey(key)) return notFound(reply);

    const rangeHeader = request.headers.range;
    // We never send validators, so an If-Range can only be stale: answer the whole object.
    if (rangeHeader === undefined || request.headers['if-range'] !== undefined) {
      const object = await storage.get(key);
      if (!object) return notFound(reply);
      return objectHeaders(reply, object.contentType).status(200).send(object.body);
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
      return objectHeaders(reply, object.contentType).status(200).send(object.body);
    }
    return objectHeaders(reply, object.contentType)
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${object.size}`)
      .send(object.body);
  });
}

function objectHeaders(reply: FastifyReply, contentType: string): FastifyReply {
  return reply
    .type(contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .header('cache-control', 'private, max-age=31536000, immutable')
    .header('accept-ranges', 'bytes');
}

function notFound(reply: FastifyReply): FastifyReply {
  return reply
    .status(404)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send({ code: ErrorCode.RouteNotFound, msg: '文件不存在或已删除', data: null });
}
