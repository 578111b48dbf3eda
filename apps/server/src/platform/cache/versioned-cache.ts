/**
 * A bounded in-process cache of immutable things (a book's content, a level's list, the configs),
 * each entry stored with the version it was read at. The caller reads the current version from
 * the database in the query it makes anyway, so a version bump by any process (an import, an
 * operator's edit) is seen by every process on its next request: no pub/sub, no TTL (decision 071).
 * Least recently used entries leave first once `max` is reached.
 */
export interface VersionedCache<T> {
  /** The value for `key` at `version`, loaded (once, even under concurrent requests) on a miss. */
  get(key: string | number, version: string, load: () => Promise<T>): Promise<T>;
  readonly size: number;
  clear(): void;
}

export function createVersionedCache<T>(max: number): VersionedCache<T> {
  const entries = new Map<string | number, { version: string; value: Promise<T> }>();
  return {
    get(key, version, load) {
      const hit = entries.get(key);
      if (hit && hit.version === version) {
        // Map keeps insertion order: re-inserting marks the entry as most recently used.
        entries.delete(key);
        entries.set(key, hit);
        return hit.value;
      }
      // Adopted into a real promise: a lazy thenable (a drizzle query builder) would run its query
      // again on every `await` of a hit.
      const value = (async () => load())();
      entries.delete(key);
      entries.set(key, { version, value });
      // A failed load is not kept: the next request tries again.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      while (entries.size > max) {
        const oldest = entries.keys().next().value as string | number;
        entries.delete(oldest);
      }
      return value;
    },
    get size() {
      return entries.size;
    },
    clear() {
      entries.clear();
    },
  };
}
