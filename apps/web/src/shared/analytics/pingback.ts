import { routes } from '@picbook/contracts/routes';
import { PINGBACK_MAX_EVENTS } from '@picbook/contracts/system-limits';
import { afterLoadIdle } from '../platform/idle';
import { deviceUuid, sessionId, useSession } from '../session/session';

export type PingbackLevel = 'info' | 'warn' | 'error';
interface PendingEvent {
  event: string;
  ts: number;
  path: string;
  level?: PingbackLevel;
  detail?: Record<string, unknown>;
}

/** Spec: analytics flush every 2 seconds (minimum gap 2 s). */
export const FLUSH_INTERVAL_MS = 2000;
const MAX_BATCH = PINGBACK_MAX_EVENTS;

let queue: PendingEvent[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
let lastFlush = 0;

/**
 * Queues a tracking event (pv, update, timeout_error, offline_error, loading_error, request
 * errors ...). Batches go to the server at most every 2 s and on page hide.
 */
export function track(
  event: string,
  detail?: Record<string, unknown>,
  level?: PingbackLevel,
): void {
  queue.push({
    event,
    ts: Date.now(),
    path: typeof window === 'undefined' ? '' : window.location.pathname,
    ...(level ? { level } : {}),
    ...(detail ? { detail } : {}),
  });
  if (queue.length >= MAX_BATCH) flush();
  else schedule();
}

/** The first batch waits for the page to load and go idle (decision 111). */
let isFirstBatchWaiting = false;

function schedule() {
  if (timer || isFirstBatchWaiting) return;
  if (lastFlush === 0 && typeof window !== 'undefined' && typeof document !== 'undefined') {
    // On the first load the page's own requests go first; page hide still sends by beacon.
    isFirstBatchWaiting = true;
    afterLoadIdle(
      () => {
        isFirstBatchWaiting = false;
        flush();
      },
      { fallbackMs: 50 },
    );
    return;
  }
  const wait = Math.max(0, lastFlush + FLUSH_INTERVAL_MS - Date.now());
  timer = setTimeout(flush, Math.max(wait, 50));
}

/** Sends what is queued now; uses sendBeacon when the page is going away. */
export function flush(useBeacon = false): void {
  if (timer) {
    clearTimeout(timer);
    timer = null;
  }
  if (queue.length === 0) return;
  const events = queue.slice(0, MAX_BATCH);
  queue = queue.slice(MAX_BATCH);
  lastFlush = Date.now();
  const body = JSON.stringify({ sid: sessionId(), events });
  if (useBeacon && typeof navigator.sendBeacon === 'function') {
    navigator.sendBeacon(routes.pingback.path, new Blob([body], { type: 'application/json' }));
  } else {
    const token = useSession.getState().token;
    // Tracking must never disturb the child: failures, thrown or rejected, are dropped silently.
    void Promise.resolve()
      .then(() =>
        fetch(routes.pingback.path, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            // The device counts as the client for the server's limits (not the shared address).
            uuid: deviceUuid(),
            ...(token ? { access_token: token } : {}),
          },
          body,
          keepalive: true,
        }),
      )
      .catch(() => {});
  }
  if (queue.length > 0) schedule();
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => flush(true));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush(true);
  });
}

/** Test hook: what is waiting to be sent. */
export function pendingEvents(): readonly PendingEvent[] {
  return queue;
}
