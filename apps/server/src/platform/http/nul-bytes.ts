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

/**
 * The deepest nesting any input of ours has is a handful of levels (`events.0.detail.note`);
 * beyond this a body is refused before anything walks it (issue 35: 8,000 nested arrays in
 * 16 KB overflowed the call stack of a recursive walk).
 */
export const MAX_INPUT_DEPTH = 32;

/** Whether `value` nests deeper than `limit` objects or arrays; iterative, stops at the limit. */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (current === null || typeof current !== 'object') continue;
    if (depth >= limit) return true;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}

/** The first key or string value, in document order, for which `isBad` holds (iterative). */
function badTextPath(
  value: unknown,
  path: string,
  isBad: (text: string) => boolean,
): string | null {
  const stack: Array<[unknown, string]> = [[value, path]];
  while (stack.length > 0) {
    const [current, where] = stack.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (isBad(current)) return where;
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    const entries = Object.entries(current);
    for (const [key] of entries) if (isBad(key)) return where ? `${where}.${key}` : key;
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, child] = entries[i] as [string, unknown];
      stack.push([child, where ? `${where}.${key}` : key]);
    }
  }
  return null;
}

/**
 * Refuses input nested past {@link MAX_INPUT_DEPTH}, and a NUL character or a lone surrogate in
 * any field, once for every string input.
 */
export function refuseNulBytes(input: unknown, fallbackField: string): void {
  if (nestsDeeperThan(input, MAX_INPUT_DEPTH)) {
    throw invalidParams(fallbackField, `嵌套层级过深（最多 ${MAX_INPUT_DEPTH} 层）`);
  }
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
