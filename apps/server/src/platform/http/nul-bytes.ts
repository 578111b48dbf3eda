import type { FastifyInstance } from 'fastify';
import { invalidParams } from '../errors';

/**
 * Where the first NUL character sits in a parsed input (a key or a string value, at any depth),
 * as a field path like `events.0.detail.note`; null when there is none. PostgreSQL cannot store
 * U+0000 in text or jsonb, and no field of ours has a use for it.
 */
export function nulBytePath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    const where = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return where;
    const found = nulBytePath(child, where);
    if (found !== null) return found;
  }
  return null;
}

/** Refuses a NUL character in any field, once for every string input. */
export function refuseNulBytes(input: unknown, fallbackField: string): void {
  const where = nulBytePath(input);
  if (where !== null) throw invalidParams(where || fallbackField, '不能包含空字符（\\u0000）');
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
