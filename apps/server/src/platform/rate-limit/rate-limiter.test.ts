import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './rate-limiter';

const redisUrl = process.env.TEST_REDIS_URL;
const redis = redisUrl
  ? new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 })
  : null;
afterAll(async () => {
  await redis?.quit();
});

const limiters: Array<[string, () => RateLimiter]> = [['memory', () => createMemoryRateLimiter()]];
if (redis)
  limiters.push([
    'redis',
    () => createRedisRateLimiter(redis, `test:${Date.now()}:${Math.random()}:`),
  ]);
else console.log('SKIPPED redis rate limiter tests: TEST_REDIS_URL not set');

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

  it('keeps keys apart', async () => {
    const rl = make();
    const rule = [{ limit: 1, windowMs: 1000 }];
    expect((await rl.hit('a', rule, 0)).allowed).toBe(true);
    expect((await rl.hit('b', rule, 0)).allowed).toBe(true);
  });
});
