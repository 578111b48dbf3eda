import { describe, expect, it } from 'vitest';
import { type Change, type ChangeFeed, registerChangeFeed } from '../db/change-feed';
import { createChangeCache, perUserCache } from './change-cache';

/** A feed driven by the test: `emit` is what a NOTIFY from a trigger does. */
function fakeFeed() {
  const listeners = new Set<(c: Change) => void>();
  let seq = 0;
  const feed = {
    live: true,
    get seq() {
      return seq;
    },
    subscribe(fn: (c: Change) => void) {
      listeners.add(fn);
      return () => {
        listeners.delete(fn);
      };
    },
    settle: async () => {},
    announce(changes: readonly Change[]) {
      for (const change of changes) feed.emit(change);
    },
    close: async () => {},
    emit(change: Change) {
      seq += 1;
      for (const fn of listeners) fn(change);
    },
  };
  return feed satisfies ChangeFeed;
}

function counter(owner: number | null, keep = true) {
  let loads = 0;
  return {
    get loads() {
      return loads;
    },
    load: async () => {
      loads += 1;
      return { value: `v${loads}`, owner, keep };
    },
  };
}

describe('change cache', () => {
  it('keeps a value until its owner changes in a watched table', async () => {
    const feed = fakeFeed();
    const cache = createChangeCache<string>(feed, ['user_rights'], 10);
    const a = counter(7);
    expect(await cache.get('a', a.load)).toBe('v1');
    expect(await cache.get('a', a.load)).toBe('v1');
    feed.emit({ table: 'user_rights', owner: 8 });
    feed.emit({ table: 'orders', owner: 7 });
    expect(await cache.get('a', a.load)).toBe('v1');
    feed.emit({ table: 'user_rights', owner: 7 });
    expect(await cache.get('a', a.load)).toBe('v2');
  });

  it('drops everything on a whole-table change or a reset', async () => {
    const feed = fakeFeed();
    const cache = createChangeCache<string>(feed, ['books'], 10);
    const owned = counter(7);
    const nobody = counter(null);
    await cache.get('owned', owned.load);
    await cache.get('nobody', nobody.load);
    feed.emit({ table: 'books', owner: null });
    expect(cache.size).toBe(0);
    await cache.get('owned', owned.load);
    feed.emit({ reset: true });
    expect(cache.size).toBe(0);
    expect(await cache.get('owned', owned.load)).toBe('v3');
  });

  it('does not keep what was read before a change that arrived during the load', async () => {
    const feed = fakeFeed();
    const cache = createChangeCache<string>(feed, ['auth_tokens'], 10);
    let loads = 0;
    const racing = async () => {
      loads += 1;
      // The write commits and its notification arrives while this read is on its way back.
      if (loads === 1) feed.emit({ table: 'auth_tokens', owner: 7 });
      return { value: `v${loads}`, owner: 7, keep: true };
    };
    expect(await cache.get('t', racing)).toBe('v1');
    expect(await cache.get('t', racing)).toBe('v2');
    expect(await cache.get('t', racing)).toBe('v2');
  });

  it('keeps nothing while the feed is not live, nor what the loader marks as not to keep', async () => {
    const feed = fakeFeed();
    const cache = createChangeCache<string>(feed, ['users'], 10);
    feed.live = false;
    const a = counter(1);
    await cache.get('a', a.load);
    await cache.get('a', a.load);
    expect(a.loads).toBe(2);
    feed.live = true;
    const unknown = counter(null, false);
    await cache.get('u', unknown.load);
    await cache.get('u', unknown.load);
    expect(unknown.loads).toBe(2);
  });

  it('holds at most `max` entries, the least recently used leaving first', async () => {
    const feed = fakeFeed();
    const cache = createChangeCache<string>(feed, ['users'], 2);
    const loads: string[] = [];
    const get = (key: string) =>
      cache.get(key, async () => {
        loads.push(key);
        return { value: key, owner: 1, keep: true };
      });
    await get('a');
    await get('b');
    await get('a');
    await get('c');
    await get('a');
    await get('b');
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
  });
});

describe('perUserCache', () => {
  it('keeps a user’s variants apart (the hints of each China day); a change of the user drops them all', async () => {
    const feed = fakeFeed();
    const db = {};
    registerChangeFeed(db, feed);
    const cache = perUserCache<string>(['user_missions'], 10);
    const loads: string[] = [];
    const get = (user: number, day: string) =>
      cache(
        db,
        user,
        async () => {
          loads.push(`${user}:${day}`);
          return `${user}:${day}:${loads.length}`;
        },
        day,
      );
    expect(await get(7, 'mon')).toBe('7:mon:1');
    expect(await get(7, 'tue')).toBe('7:tue:2');
    expect(await get(7, 'mon')).toBe('7:mon:1');
    expect(await get(8, 'mon')).toBe('8:mon:3');
    feed.emit({ table: 'user_missions', owner: 7 });
    expect(await get(7, 'mon')).toBe('7:mon:4');
    expect(await get(7, 'tue')).toBe('7:tue:5');
    expect(await get(8, 'mon')).toBe('8:mon:3');
  });
});
