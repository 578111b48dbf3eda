import { type HttpFetch, OAuthExchangeError } from './types';

/** A login must not hang on a slow provider; the client retries rather than waits. */
export const PROVIDER_TIMEOUT_MS = 10_000;

export interface JsonReply {
  status: number;
  ok: boolean;
  body: unknown;
}

/**
 * One call to a provider, answered with parsed JSON. A thrown fetch (DNS, TLS, timeout) or a body
 * that is not JSON is a provider outage. A non-2xx status is returned, not thrown, because some
 * providers (Huawei) answer a refused token with 4xx and a JSON error that means "invalid code".
 * `what` names the call in messages; URLs are never put in messages because some carry secrets.
 */
export async function fetchJson(
  fetchFn: HttpFetch,
  url: string,
  init: RequestInit,
  what: string,
): Promise<JsonReply> {
  let text: string;
  let response: Response;
  try {
    // The signal also covers reading the body, so a stalled stream times out too.
    response = await fetchFn(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
    text = await response.text();
  } catch (err) {
    throw new OAuthExchangeError(`${what}: request failed (${describe(err)})`, 'provider_error');
  }
  try {
    return { status: response.status, ok: response.ok, body: JSON.parse(text) };
  } catch {
    throw new OAuthExchangeError(
      `${what}: HTTP ${response.status} with a body that is not JSON`,
      'provider_error',
    );
  }
}

/** For providers whose refusals come with 200: any other status is an outage. */
export function requireOk(reply: JsonReply, what: string): Record<string, unknown> {
  if (!reply.ok) {
    throw new OAuthExchangeError(`${what}: HTTP ${reply.status}`, 'provider_error');
  }
  return requireObject(reply.body, what);
}

export function requireObject(body: unknown, what: string): Record<string, unknown> {
  if (!isRecord(body)) {
    throw new OAuthExchangeError(`${what}: answer is not a JSON object`, 'provider_error');
  }
  return body;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A non-empty string field; providers send "" for absent optional fields. */
export function stringField(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** An id field some providers send as a number and others as a string. */
export function idField(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return stringField(body, key);
}

/** A numeric code field, accepting "40029" as well as 40029. */
export function codeField(body: Record<string, unknown>, key: string): number | undefined {
  const value = body[key];
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value);
  return undefined;
}

function describe(err: unknown): string {
  if (err instanceof Error) return err.name === 'TimeoutError' ? 'timed out' : err.message;
  return String(err);
}
