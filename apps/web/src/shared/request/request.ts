import { track } from '../analytics/pingback';
import { i18n } from '../i18n';
import { isOffline } from '../platform/network';
import { deviceUuid, useSession } from '../session/session';
import { toast } from '../toast/toast-store';
import { adoptBootResponse, takeBootResponse } from './boot-fetch';
import { RequestError } from './request-error';

/** Spec §9: request timeout 30000 ms; slow request reported above 1000 ms. */
export const REQUEST_TIMEOUT_MS = 30_000;
export const SLOW_REQUEST_MS = 1000;
/**
 * Offline (navigator.onLine false) a read waits this long at most: the service worker answers
 * what the device keeps at once, and anything else fails fast instead of after 30 s (decision 096).
 */
export const OFFLINE_READ_TIMEOUT_MS = 4000;
/** Pages whose requests are exempt from the timeout (spec: /parents/UnitReport2). */
const TIMEOUT_EXEMPT_PATHS = ['/parents/UnitReport2'];

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, QueryValue> | undefined;
  /** Sent as JSON, except a `FormData`, which goes as multipart (the browser sets the boundary). */
  body?: unknown;
  /** Handle errors yourself: no toast (they are still reported). */
  silent?: boolean;
  timeoutMs?: number;
  /** Send this token instead of the session's (a session not yet adopted, e.g. after 12001). */
  token?: string;
}

interface Envelope {
  code?: number;
  msg?: string;
  data?: unknown;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

function headers(isJson: boolean, tokenOverride?: string): Record<string, string> {
  const session = useSession.getState();
  const token = tokenOverride ?? session.token;
  const childId = session.childId;
  return {
    accept: 'application/json',
    ...(isJson ? { 'content-type': 'application/json' } : {}),
    ...(token ? { access_token: token } : {}),
    ...(childId ? { child_id: childId } : {}),
    uuid: deviceUuid(),
  };
}

/** The headers of a read as `request` sends them (who asks), for a page that fetches by itself. */
export const readHeaders = (): Record<string, string> => headers(false);

/** A multipart body goes as is: fetch writes its content type with the boundary. */
function formBody(body: unknown): FormData | null {
  return typeof FormData !== 'undefined' && body instanceof FormData ? body : null;
}

function currentTimeout(method: RequestOptions['method'], explicit?: number): number {
  if (method === 'GET' && isOffline()) {
    return Math.min(explicit || OFFLINE_READ_TIMEOUT_MS, OFFLINE_READ_TIMEOUT_MS);
  }
  if (explicit !== undefined) return explicit;
  const path = typeof window === 'undefined' ? '' : window.location.pathname;
  return TIMEOUT_EXEMPT_PATHS.some((p) => path.startsWith(p)) ? 0 : REQUEST_TIMEOUT_MS;
}

/**
 * The one way the web app talks to the API. Resolves with `data` of a success envelope (code 0,
 * or 200 for the endpoints that use it); otherwise throws RequestError with the spec's message,
 * shows an error toast (unless silent) and reports it. A 401 logs the user out.
 */
export async function request<T>(options: RequestOptions): Promise<T> {
  const { method, path } = options;
  const hasBody = method !== 'GET';
  const form = hasBody ? formBody(options.body) : null;
  const url = buildUrl(path, hasBody ? undefined : options.query);
  const controller = new AbortController();
  const timeoutMs = currentTimeout(method, options.timeoutMs);
  let timedOut = false;
  const timer =
    timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs)
      : null;
  const started = Date.now();
  const fail = (
    code: number,
    message: string,
    status: number,
    requestId?: string,
    data?: Record<string, unknown> | null,
  ) => report(new RequestError(code, message, status, requestId, data), options);

  try {
    let res: Response;
    const send = () =>
      fetch(url, {
        method,
        headers: headers(hasBody && !form, options.token),
        body: form ?? (hasBody ? JSON.stringify(options.body ?? {}) : null),
        signal: controller.signal,
        credentials: 'same-origin',
      });
    try {
      // What index.html asked for before the app's code arrived (decision 084): adopted, under
      // this request's timeout; asked again if that request failed.
      const session = useSession.getState();
      const early = hasBody
        ? null
        : takeBootResponse(url, options.token ?? session.token, session.childId);
      res = await (early ? adoptBootResponse(early, controller.signal, send) : send());
    } catch {
      throw timedOut
        ? fail(408, i18n.t('request.timeout'), 0)
        : fail(-1, i18n.t('request.fetchFailed'), 0);
    }
    const requestId = res.headers.get('x-request-id') ?? undefined;
    if (res.status === 0) throw fail(0, i18n.t('request.status0'), 0);
    if (res.status === 401) {
      useSession.getState().logout();
      throw fail(401, i18n.t('request.pleaseLogin'), 401, requestId);
    }
    if (res.status > 401) {
      throw fail(
        res.status,
        i18n.t('request.serviceBusy', { status: res.status }),
        res.status,
        requestId,
        res.status === 429 ? await retryAfter(res) : null,
      );
    }
    let body: Envelope;
    try {
      body = (await res.json()) as Envelope;
    } catch {
      throw timedOut
        ? fail(408, i18n.t('request.timeout'), res.status)
        : fail(-2, i18n.t('request.systemBusy', { code: -2 }), res.status, requestId);
    }
    const code = typeof body.code === 'number' ? body.code : -2;
    if (code !== 0 && code !== 200) {
      const data =
        body.data && typeof body.data === 'object' ? (body.data as Record<string, unknown>) : null;
      throw fail(
        code,
        body.msg || i18n.t('request.systemBusy', { code }),
        res.status,
        requestId,
        data,
      );
    }
    const elapsed = Date.now() - started;
    if (elapsed > SLOW_REQUEST_MS) track('slow_request', { path, ms: elapsed }, 'info');
    return body.data as T;
  } finally {
    if (timer) clearTimeout(timer);
  }
}

/**
 * A 429's wait in seconds, so a caller can count it down instead of showing an error: the
 * envelope's `data.retry_after` (the server's own number), else the Retry-After header.
 */
async function retryAfter(res: Response): Promise<{ retry_after: number } | null> {
  let seconds = Number(res.headers.get('retry-after'));
  try {
    const body = (await res.json()) as { data?: { retry_after?: unknown } | null };
    if (typeof body.data?.retry_after === 'number') seconds = body.data.retry_after;
  } catch {
    // Not an envelope (a proxy's page): the header is all there is.
  }
  return Number.isFinite(seconds) && seconds > 0 ? { retry_after: Math.ceil(seconds) } : null;
}

/**
 * Business answers that are news, not failures (learning-content §8): 10400 not allowed, 10024 the
 * record is gone (likes, delete), 10104 already received (finish, share, lottery) — an info toast.
 */
const INFO_CODES: ReadonlySet<number> = new Set([10400, 10024, 10104]);

/** Toasts (unless silent or 401, which shows its own info toast) and reports; returns the error. */
function report(error: RequestError, options: RequestOptions): RequestError {
  if (error.status === 401) {
    if (!options.silent) toast.info(error.message);
    return error;
  }
  // Offline, a read the device does not hold fails without a toast: the screen says what is
  // missing (a book not saved, the saved books instead of a list) (decision 096).
  const isOfflineRead = options.method === 'GET' && error.status === 0 && isOffline();
  if (!options.silent && !isOfflineRead) {
    if (INFO_CODES.has(error.code)) toast.info(error.message);
    else toast.error(error.message);
  }
  const level = error.status >= 500 || (error.code >= 500 && error.code < 600) ? 'error' : 'warn';
  track(
    'request_error',
    { path: options.path, code: error.code, status: error.status, request_id: error.requestId },
    level,
  );
  return error;
}
