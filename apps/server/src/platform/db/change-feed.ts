import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * Committed changes to the tables the read caches hold, as the database announces them
 * (migration 0018: triggers NOTIFY `table:user_id`, or `table:*` for a whole table), so every
 * process drops what it cached at once (decision 078).
 *
 * A cache may keep something only while the feed is `live`: PGlite is always live (one process
 * owns its folder, and its notifications arrive before the writing query returns). On PostgreSQL
 * the feed is live while its listening connection is up and has heard its own heartbeat
 * recently; while it is not, caches are bypassed, and coming back announces `reset` (every
 * change in between is unknown).
 */
export interface ChangeFeed {
  readonly live: boolean;
  /** Counts changes heard; a cache compares it before and after a load (see change-cache.ts). */
  readonly seq: number;
  /** Calls `fn` for each change; returns the unsubscribe function. */
  subscribe(fn: (change: Change) => void): () => void;
  /**
   * Resolves once this process has heard every change committed before the call. The app waits
   * for it before answering a write, so a client never reads its own write's old state here.
   */
  settle(): Promise<void>;
  /**
   * Changes this process has just committed, told to its own caches at once rather than when the
   * database's notification comes back (decision 103, second round): a write that announces all
   * it changed is answered without `settle`'s round trip. Other processes hear them from the
   * database as ever; the notification arriving here later drops nothing a reader still needs.
   */
  announce(changes: readonly Change[]): void;
  close(): Promise<void>;
}

/** `owner` is the user id of the changed rows; null means the whole table (or, with reset, all). */
export type Change = { table: string; owner: number | null } | { reset: true };

export const CHANGES_CHANNEL = 'picbook_changes';

/** The feed of each open database, found from its query handle (a transaction has none). */
const feeds = new WeakMap<object, ChangeFeed>();

export function registerChangeFeed(db: object, feed: ChangeFeed): void {
  feeds.set(db, feed);
}

/** The change feed behind a database handle; null for a transaction handle or a bare db. */
export function changeFeedOf(db: object): ChangeFeed | null {
  return feeds.get(db) ?? null;
}

/** How often the PostgreSQL feed sends itself a heartbeat, and how late it may come. */
export const HEARTBEAT_MS = 1_000;
export const HEARTBEAT_LIMIT_MS = 3_000;

/** `users:12` → { table: 'users', owner: 12 }; `books:*` → { table: 'books', owner: null }. */
export function parseChange(payload: string): Change | null {
  const at = payload.lastIndexOf(':');
  if (at <= 0) return null;
  const table = payload.slice(0, at);
  const owner = payload.slice(at + 1);
  if (owner === '*') return { table, owner: null };
  return /^\d{1,15}$/.test(owner) ? { table, owner: Number(owner) } : null;
}

function createHub() {
  const listeners = new Set<(change: Change) => void>();
  let seq = 0;
  return {
    get seq() {
      return seq;
    },
    emit(change: Change) {
      seq += 1;
      for (const fn of listeners) fn(change);
    },
    subscribe(fn: (change: Change) => void) {
      listeners.add(fn);
      return () => {
        listeners.delete(fn);
      };
    },
  };
}

/** PGlite: one connection in this process sees every write, so the feed is complete. */
export async function pgliteChangeFeed(client: PGlite): Promise<ChangeFeed> {
  const hub = createHub();
  const unlisten = await client.listen(CHANGES_CHANNEL, (payload) => {
    const change = parseChange(payload);
    if (change) hub.emit(change);
  });
  return {
    live: true,
    get seq() {
      return hub.seq;
    },
    subscribe: hub.subscribe,
    // PGlite delivered every notification before the writing query returned.
    settle: async () => {},
    announce: () => {},
    close: () => unlisten(),
  };
}

/**
 * PostgreSQL: a dedicated connection LISTENs (opened on the first subscribe, so scripts that
 * never cache hold none). It is live only after LISTEN succeeded and while its own heartbeat,
 * sent through the same channel every second, came back within 3 s: a silently dead socket is
 * noticed within that bound. On an error it reconnects, and the caches start over (reset).
 */
export function postgresChangeFeed(connect: () => pg.Client): ChangeFeed {
  const hub = createHub();
  const heartbeat = `heartbeat-${process.pid}-${Math.random().toString(36).slice(2)}`;
  let client: pg.Client | null = null;
  let listening = false;
  let lastBeat = 0;
  let listeningSince = 0;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let started = false;
  let markers = 0;
  const settling = new Map<string, () => void>();
  const settleAll = () => {
    for (const resolve of settling.values()) resolve();
    settling.clear();
  };
  /**
   * One query at a time on the listening connection (node-postgres queues overlapping ones but
   * will refuse them from pg@9): the heartbeat and the settle markers take turns.
   */
  let queue: Promise<unknown> = Promise.resolve();
  const notify = (c: pg.Client, payload: string, onSend?: () => void): Promise<void> => {
    const sent = queue.then(() => {
      onSend?.();
      return c.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, payload]);
    });
    queue = sent.catch(() => {});
    return sent.then(() => {});
  };
  /** The marker round trip that starts after the one in flight: every settle meanwhile shares it. */
  let nextSettle: Promise<void> | null = null;

  const drop = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    listening = false;
    // Not live any more: the caches are bypassed, so nobody needs to wait; the next connection
    // starts with an empty line of queries.
    settleAll();
    queue = Promise.resolve();
    nextSettle = null;
    c.end().catch(() => {});
  };

  const open = async () => {
    if (closed || client) return;
    const c = connect();
    client = c;
    c.on('error', () => drop(c));
    c.on('end', () => drop(c));
    c.on('notification', (message) => {
      if (message.channel !== CHANGES_CHANNEL || client !== c) return;
      if (message.payload?.startsWith(heartbeat)) {
        lastBeat = Date.now();
        settling.get(message.payload)?.();
        settling.delete(message.payload);
        return;
      }
      const change = message.payload ? parseChange(message.payload) : null;
      if (change) hub.emit(change);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGES_CHANNEL}`);
      if (client !== c) return;
      // What changed while nobody listened is unknown: everything cached before goes.
      hub.emit({ reset: true });
      listening = true;
      listeningSince = Date.now();
      // Live only once a heartbeat made the round trip (through a transaction-mode pooler none
      // ever does, and the caches stay off).
      lastBeat = 0;
      notify(c, heartbeat).catch(() => {});
    } catch {
      drop(c);
    }
  };

  const tick = () => {
    if (closed) return;
    if (!client) {
      void open();
      return;
    }
    if (listening) notify(client, heartbeat).catch(() => {});
    // A connection whose heartbeat stopped coming back is given up and opened again.
    if (listening && Date.now() - Math.max(lastBeat, listeningSince) > HEARTBEAT_LIMIT_MS * 2)
      drop(client);
  };

  const start = () => {
    if (started || closed) return;
    started = true;
    void open();
    timer = setInterval(tick, HEARTBEAT_MS);
    timer.unref();
  };

  const isLive = () => listening && Date.now() - lastBeat <= HEARTBEAT_LIMIT_MS;

  return {
    get live() {
      start();
      return isLive();
    },
    get seq() {
      return hub.seq;
    },
    subscribe(fn) {
      start();
      return hub.subscribe(fn);
    },
    settle() {
      const c = client;
      // Not live: the caches hold nothing, so there is nothing to wait for.
      if (!c || !isLive()) return Promise.resolve();
      // Notifications reach a listener in commit order: once a marker sent after this call comes
      // back, every change committed before it has arrived. Settles that arrive while a marker is
      // on its way share the next one (sent when it is back), so a burst of writes costs a few
      // round trips, not one each. A marker lost with its connection resolves on the drop; one
      // that never comes back gives up at the heartbeat limit (the feed is then not live).
      if (!nextSettle) {
        const marker = `${heartbeat}-s${++markers}`;
        const arrived = new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timeout);
            settling.delete(marker);
            resolve();
          };
          const timeout = setTimeout(done, HEARTBEAT_LIMIT_MS);
          timeout.unref();
          settling.set(marker, done);
          // Queued behind the query in flight. The moment it leaves, later callers need a marker
          // of their own (one sent after their call).
          notify(c, marker, () => {
            if (nextSettle === arrived) nextSettle = null;
          }).catch(done);
        });
        nextSettle = arrived;
      }
      return nextSettle;
    },
    announce(changes) {
      for (const change of changes) hub.emit(change);
    },
    async close() {
      closed = true;
      settleAll();
      if (timer) clearInterval(timer);
      const c = client;
      client = null;
      listening = false;
      await c?.end().catch(() => {});
    },
  };
}
