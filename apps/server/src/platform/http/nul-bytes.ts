import type { FastifyInstance } from 'fastify';
import { invalidParams } from '../errors';

/**
 * Where the first NUL character sits in a parsed input (a key or a string value, at any depth),
 * as a field path like `events.0.detail.note`; null when there is none. PostgreSQL cannot store
 * U+0000 in text or jsonb, and no field of ours has a use for it.
 */
export function nulBytePath(value: unknown, path = ''): string | null {
  return badTextPath(value, path, (text) => text.includes('\u0000'));
}

/**
 * Where the first lone UTF-16 surrogate sits (JSON may carry "\ud800"): it has no UTF-8 form, so
 * PostgreSQL refuses it; null when every string is well formed.
 */
export function loneSurrogatePath(value: unknown, path = ''): string | null {
  return badTextPath(value, path, (text) => LONE_SURROGATE.test(text));
}

/** A surrogate not paired into one code point (the u flag pairs the good ones). */
const LONE_SURROGATE = /\p{Cs}/u;

function badTextPath(
  value: unknown,
  path: string,
  isBad: (text: string) => boolean,
): string | null {
  if (typeof value === 'string') return isBad(value) ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    const where = path ? `${path}.${key}` : key;
    if (isBad(key)) return where;
    const found = badTextPath(child, where, isBad);
    if (found !== null) return found;
  }
  return null;
}

/** Refuses a NUL character or a lone surrogate in any field, once for every string input. */
export function refuseNulBytes(input: unknown, fallbackField: string): void {
  const nul = nulBytePath(input);
  if (nul !== null) throw invalidParams(nul || fallbackField, '不能包含空字符（\\u0000）');
  const lone = loneSurrogatePath(input);
  if (lone !== null) throw invalidParams(lone || fallbackField, '包含无法识别的字符');
}

/**
 * One check for every route: path parameters, query string and JSON or form body, before the
 * route's own validation. Multipart fields are checked as they are read (http/multipart.ts).
 */
export function registerNulByteCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    refuseNulBytes(request.params, 'params');
    refuseNulBytes(request.query, 'query');
    refuseNulBytes(request.body, 'body');
  });
}
