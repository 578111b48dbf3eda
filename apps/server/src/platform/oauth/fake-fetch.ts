import type { HttpFetch } from './types';

/** One request as an adapter made it, for tests to assert on. */
export interface RecordedCall {
  url: string;
  method: string;
  headers: Headers;
  body: string | undefined;
  signal: AbortSignal | undefined;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

/**
 * A fetch for tests: records every call and answers from `handler`, which may throw to simulate
 * a network failure. Not a test file itself; only *.test.ts import it.
 */
export function createFakeFetch(handler: Handler): { fetch: HttpFetch; calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  const fetch: HttpFetch = async (url, init = {}) => {
    if (init.body !== undefined && init.body !== null && typeof init.body !== 'string') {
      throw new Error('fake fetch: adapters are expected to send string bodies');
    }
    const call: RecordedCall = {
      url,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: init.body ?? undefined,
      signal: init.signal ?? undefined,
    };
    calls.push(call);
    return handler(call);
  };
  return { fetch, calls };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function textResponse(body: string, status = 200): Response {
  return new Response(body, { status, headers: { 'Content-Type': 'text/html' } });
}
