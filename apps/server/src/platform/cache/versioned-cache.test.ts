import { describe, expect, it } from 'vitest';
import { createVersionedCache } from './versioned-cache';

describe('versioned cache', () => {
  it('loads once per key and version, and again when the version moves', async () => {
    const cache = createVersionedCache<string>(10);
    let loads = 0;
    const load = (v: string) => async () => {
      loads += 1;
      return `value@${v}`;
    };
    const [a, b] = await Promise.all([
      cache.get(1, 'v1', load('v1')),
      cache.get(1, 'v1', load('v1')),
    ]);
    expect([a, b, loads]).toEqual(['value@v1', 'value@v1', 1]);
    expect(await cache.get(1, 'v2', load('v2'))).toBe('value@v2');
    expect(await cache.get(1, 'v2', load('v2'))).toBe('value@v2');
    expect(loads).toBe(2);
  });

  it('keeps at most `max` entries, dropping the least recently used', async () => {
    const cache = createVersionedCache<number>(2);
    const loaded: number[] = [];
    const get = (k: number) =>
      cache.get(k, 'v', async () => {
        loaded.push(k);
        return k;
      });
    await get(1);
    await get(2);
    await get(1); // 1 is now the most recently used
    await get(3); // evicts 2
    expect(cache.size).toBe(2);
    await get(1);
    await get(2);
    expect(loaded).toEqual([1, 2, 3, 2]);
  });

  it('does not keep a failed load', async () => {
    const cache = createVersionedCache<string>(5);
    await expect(cache.get('k', 'v', () => Promise.reject(new Error('db down')))).rejects.toThrow();
    expect(await cache.get('k', 'v', async () => 'ok')).toBe('ok');
  });

  it('runs a lazy query builder once, not on every hit', async () => {
    const cache = createVersionedCache<number[]>(5);
    let runs = 0;
    // Like a drizzle query builder: the query runs each time someone calls `then`.
    const lazyQuery = () =>
      ({
        // biome-ignore lint/suspicious/noThenProperty: imitates a thenable query builder on purpose
        then(resolve: (rows: number[]) => unknown, reject?: (e: unknown) => unknown) {
          runs += 1;
          return Promise.resolve([1, 2]).then(resolve, reject);
        },
      }) as unknown as Promise<number[]>;
    for (let i = 0; i < 3; i++) expect(await cache.get('level', 'v', lazyQuery)).toEqual([1, 2]);
    expect(runs).toBe(1);
  });
});
