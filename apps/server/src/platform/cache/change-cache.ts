import { type Change, type ChangeFeed, changeFeedOf } from '../db/change-feed';

/**
 * A bounded in-process cache of what some tables say about one owner (a user) or about nobody in
 * particular, kept only while the change feed is live and dropped the moment the feed reports a
 * change of one of `tables` for that owner, of a whole table, or a reset (decision 078).
 *
 * A load races with writes: a value read before a write commits may arrive after the write's
 * notification. So a load remembers the feed's count when it starts, and its value is kept only
 * if nothing that concerns it was heard since.
 */
export interface ChangeCache<T> {
  /**
   * The cached value for `key`, or `load()`'s. `load` names the value's owner (null: it belongs to
   * nobody, only whole-table changes drop it) and whether it may be kept at all.
   */
  get(
    key: string,
    load: () => Promise<{ value: T; owner: number | null; keep: boolean }>,
  ): Promise<T>;
  readonly size: number;
}

export function createChangeCache<T>(
  feed: ChangeFeed,
  tables: readonly string[],
  max: number,
): ChangeCache<T> {
  const watched = new Set(tables);
  const entries = new Map<string, { value: T; owner: number | null }>();
  const keysOf = new Map<number, Set<string>>();
  /** The feed count of the last change per owner, and of the last change that dropped all. */
  const changedAt = new Map<number, number>();
  let allChangedAt = 0;

  const clear = () => {
    entries.clear();
    keysOf.clear();
    changedAt.clear();
    allChangedAt = feed.seq;
  };
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    if (entry.owner !== null) keysOf.get(entry.owner)?.delete(key);
  };

  feed.subscribe((change: Change) => {
    if ('reset' in change || (watched.has(change.table) && change.owner === null)) return clear();
    if (!watched.has(change.table) || change.owner === null) return;
    for (const key of keysOf.get(change.owner) ?? []) entries.delete(key);
    keysOf.delete(change.owner);
    changedAt.set(change.owner, feed.seq);
    // Only loads in flight need these marks; a burst of writers must not grow the map for good.
    if (changedAt.size > max) clear();
  });

  return {
    async get(key, load) {
      if (!feed.live) return (await load()).value;
      const hit = entries.get(key);
      if (hit) {
        // Map keeps insertion order: re-inserting marks the entry as most recently used.
        entries.delete(key);
        entries.set(key, hit);
        return hit.value;
      }
      const startedAt = feed.seq;
      const { value, owner, keep } = await load();
      const stale =
        allChangedAt > startedAt || (owner !== null && (changedAt.get(owner) ?? 0) > startedAt);
      if (!keep || stale || !feed.live) return value;
      remove(key);
      entries.set(key, { value, owner });
      if (owner !== null) {
        let keys = keysOf.get(owner);
        if (!keys) {
          keys = new Set();
          keysOf.set(owner, keys);
        }
        keys.add(key);
      }
      while (entries.size > max) remove(entries.keys().next().value as string);
      return value;
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * A per-user cache over `tables` for the database behind `db` (one per handle: tests run several
 * apps in one process): `get(userId, load, variant)` answers from it while the change feed is
 * live, else loads. `variant` tells apart values of one user that hold at different times (the
 * growth hints of each China day); a change of the user drops all of them. A null value (no such
 * user) is never kept.
 */
export function perUserCache<T>(tables: readonly string[], max: number) {
  const caches = new WeakMap<object, ChangeCache<T | null>>();
  return async (
    db: object,
    userId: number,
    load: () => Promise<T | null>,
    variant = '',
  ): Promise<T | null> => {
    const feed = changeFeedOf(db);
    if (!feed) return load();
    let cache = caches.get(db);
    if (!cache) {
      cache = createChangeCache<T | null>(feed, tables, max);
      caches.set(db, cache);
    }
    return cache.get(variant ? `${userId}:${variant}` : String(userId), async () => {
      const value = await load();
      return { value, owner: userId, keep: value !== null };
    });
  };
}

/**
 * One value for the whole database behind `db` (no owner: the activity records, the books'
 * texts), read once and kept while the change feed is live until one of `tables` changes; without
 * a feed, read on each use.
 */
export function sharedCache<T>(tables: readonly string[]) {
  const caches = new WeakMap<object, ChangeCache<T>>();
  return async (db: object, load: () => Promise<T>): Promise<T> => {
    const feed = changeFeedOf(db);
    if (!feed) return load();
    let cache = caches.get(db);
    if (!cache) {
      cache = createChangeCache<T>(feed, tables, 1);
      caches.set(db, cache);
    }
    return cache.get('value', async () => ({ value: await load(), owner: null, keep: true }));
  };
}
