import { describe, expect, it } from 'vitest';
import { limiterBackends } from './rate-limiter.test-kit';

const limiters = limiterBackends('rate limiter');

describe.each(limiters)('%s rate limiter', (_name, make) => {
  it('allows 1 per 60 s, never two across a window boundary', async () => {
    const rl = make();
    const rule = [{ limit: 1, windowMs: 60_000 }];
    expect((await rl.hit('p', rule, 1_000)).allowed).toBe(true);
    const refused = await rl.hit('p', rule, 60_999);
    expect(refused).toEqual({ allowed: false, retryAfterMs: 1 });
    expect((await rl.hit('p', rule, 61_000)).allowed).toBe(true);
  });

  it('applies several rules at once and counts nothing when refused', async () => {
    const rl = make();
    const rules = [
      { limit: 1, windowMs: 60_000 },
      { limit: 3, windowMs: 3_600_000 },
    ];
    let t = 0;
    for (let i = 0; i < 3; i++) {
      expect((await rl.hit('q', rules, t)).allowed).toBe(true);
      t += 60_000;
    }
    const refused = await rl.hit('q', rules, t);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterMs).toBe(3_600_000 - t);
    expect(await rl.count('q', 3_600_000, t)).toBe(3);
    expect((await rl.hit('q', rules, 3_600_000)).allowed).toBe(true);
  });

  it('records and counts failures in a window', async () => {
    const rl = make();
    for (let i = 0; i < 4; i++) await rl.record('f', 1000, i * 100);
    expect(await rl.count('f', 1000, 400)).toBe(4);
    expect(await rl.count('f', 1000, 1150)).toBe(2);
  });

  it('reserves on several keys at once, all or nothing, and never past the limit in parallel', async () => {
    const rl = make();
    const rules = [{ limit: 10, windowMs: 1000 }];
    const keys = [
      { key: 'r:ip', rules },
      { key: 'r:user', rules },
    ];
    const burst = await Promise.all(Array.from({ length: 50 }, () => rl.reserve(keys, 0)));
    expect(burst.filter((r) => r.allowed)).toHaveLength(10);
    expect(burst.find((r) => !r.allowed)?.retryAfterMs).toBe(1000);
    expect(await rl.count('r:ip', 1000, 0)).toBe(10);
    expect(await rl.count('r:user', 1000, 0)).toBe(10);
    // One full key refuses the reservation on every key: the other key is not counted.
    const refused = await rl.reserve([{ key: 'r:other', rules }, ...keys], 10);
    expect(refused.allowed).toBe(false);
    expect(await rl.count('r:other', 1000, 10)).toBe(0);
    await refused.release();
    expect(await rl.count('r:ip', 1000, 10)).toBe(10);
  });

  it('releases a reservation once, on each of its keys', async () => {
    const rl = make();
    const rules = [{ limit: 2, windowMs: 1000 }];
    const keys = [
      { key: 's:a', rules },
      { key: 's:b', rules },
    ];
    const first = await rl.reserve(keys, 0);
    const second = await rl.reserve(keys, 0);
    expect((await rl.reserve(keys, 5)).allowed).toBe(false);
    await second.release();
    await second.release();
    expect(await rl.count('s:a', 1000, 5)).toBe(1);
    expect(await rl.count('s:b', 1000, 5)).toBe(1);
    expect((await rl.reserve(keys, 5)).allowed).toBe(true);
    expect((await rl.reserve(keys, 5)).allowed).toBe(false);
    expect(first.allowed).toBe(true);
  });

  it('keeps keys apart', async () => {
    const rl = make();
    const rule = [{ limit: 1, windowMs: 1000 }];
    expect((await rl.hit('a', rule, 0)).allowed).toBe(true);
    expect((await rl.hit('b', rule, 0)).allowed).toBe(true);
  });
});
