import type { Redis } from 'ioredis';

export interface LimitRule {
  /** How many hits the window allows. */
  limit: number;
  windowMs: number;
}

export interface LimitResult {
  allowed: boolean;
  /** When the oldest counted hit leaves the window (0 when allowed). */
  retryAfterMs: number;
}

/**
 * Sliding-window-log limiter: exact counts over the last `windowMs`, so "1 per 60 s" can never
 * let two through a window boundary. In-process by default; Redis when several API processes
 * share the limits.
 */
export interface RateLimiter {
  /** Counts a hit when every rule still allows it; otherwise counts nothing. */
  hit(key: string, rules: readonly LimitRule[], nowMs: number): Promise<LimitResult>;
  /** Hits in the last window without counting one. */
  count(key: string, windowMs: number, nowMs: number): Promise<number>;
  /** Counts a hit unconditionally (e.g. a failed check). */
  record(key: string, windowMs: number, nowMs: number): Promise<void>;
}

export function createMemoryRateLimiter(): RateLimiter {
  const logs = new Map<string, number[]>();
  const maxWindow = new Map<string, number>();

  const prune = (key: string, nowMs: number): number[] => {
    const window = maxWindow.get(key) ?? 0;
    const kept = (logs.get(key) ?? []).filter((t) => t > nowMs - window);
    if (kept.length === 0) logs.delete(key);
    else logs.set(key, kept);
    return kept;
  };
  const widen = (key: string, windowMs: number) => {
    maxWindow.set(key, Math.max(maxWindow.get(key) ?? 0, windowMs));
  };

  return {
    async hit(key, rules, nowMs) {
      for (const rule of rules) widen(key, rule.windowMs);
      const log = prune(key, nowMs);
      let retryAfterMs = 0;
      for (const rule of rules) {
        const inWindow = log.filter((t) => t > nowMs - rule.windowMs);
        if (inWindow.length >= rule.limit) {
          const oldest = inWindow[inWindow.length - rule.limit] ?? nowMs;
          retryAfterMs = Math.max(retryAfterMs, oldest + rule.windowMs - nowMs);
        }
      }
      if (retryAfterMs > 0) return { allowed: false, retryAfterMs };
      logs.set(key, [...log, nowMs]);
      return { allowed: true, retryAfterMs: 0 };
    },
    async count(key, windowMs, nowMs) {
      widen(key, windowMs);
      return prune(key, nowMs).filter((t) => t > nowMs - windowMs).length;
    },
    async record(key, windowMs, nowMs) {
      widen(key, windowMs);
      logs.set(key, [...prune(key, nowMs), nowMs]);
    },
  };
}

/**
 * The same limiter on Redis sorted sets; one Lua script per call keeps check-and-count atomic
 * across processes.
 */
const HIT_SCRIPT = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local member = ARGV[2]
local maxWindow = 0
local retry = 0
for i = 3, #ARGV, 2 do
  local limit = tonumber(ARGV[i])
  local window = tonumber(ARGV[i + 1])
  if window > maxWindow then maxWindow = window end
  local count = redis.call('ZCOUNT', key, '(' .. (now - window), '+inf')
  if count >= limit then
    local entries = redis.call('ZRANGEBYSCORE', key, '(' .. (now - window), '+inf', 'WITHSCORES', 'LIMIT', count - limit, 1)
    local oldest = tonumber(entries[2])
    local wait = oldest + window - now
    if wait > retry then retry = wait end
  end
end
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - maxWindow)
if retry > 0 then return retry end
redis.call('ZADD', key, now, member)
redis.call('PEXPIRE', key, maxWindow)
return 0
`;

export function createRedisRateLimiter(redis: Redis, prefix = 'picbook:rl:'): RateLimiter {
  let seq = 0;
  const member = (nowMs: number) => `${nowMs}-${process.pid}-${seq++}-${Math.random()}`;
  return {
    async hit(key, rules, nowMs) {
      const args = rules.flatMap((r) => [String(r.limit), String(r.windowMs)]);
      const retry = Number(
        await redis.eval(HIT_SCRIPT, 1, prefix + key, String(nowMs), member(nowMs), ...args),
      );
      return retry > 0
        ? { allowed: false, retryAfterMs: retry }
        : { allowed: true, retryAfterMs: 0 };
    },
    async count(key, windowMs, nowMs) {
      return redis.zcount(prefix + key, `(${nowMs - windowMs}`, '+inf');
    },
    async record(key, windowMs, nowMs) {
      await redis
        .multi()
        .zremrangebyscore(prefix + key, '-inf', nowMs - windowMs)
        .zadd(prefix + key, nowMs, member(nowMs))
        .pexpire(prefix + key, windowMs)
        .exec();
    },
  };
}
