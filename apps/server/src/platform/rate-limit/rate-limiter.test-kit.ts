import { Redis } from 'ioredis';
import { afterAll } from 'vitest';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './rate-limiter';

/**
 * The limiter backends a test file runs against: in process always, Redis with TEST_REDIS_URL
 * (otherwise the file says it skipped them). Call once at the top of a test file.
 */
export function limiterBackends(what: string): Array<[string, () => RateLimiter]> {
  const redisUrl = process.env.TEST_REDIS_URL;
  const redis = redisUrl
    ? new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 })
    : null;
  afterAll(async () => {
    await redis?.quit();
  });
  const backends: Array<[string, () => RateLimiter]> = [
    ['memory', () => createMemoryRateLimiter()],
  ];
  if (redis)
    backends.push([
      'redis',
      () => createRedisRateLimiter(redis, `test:${Date.now()}:${Math.random()}:`),
    ]);
  else console.log(`SKIPPED redis ${what} tests: TEST_REDIS_URL not set`);
  return backends;
}
