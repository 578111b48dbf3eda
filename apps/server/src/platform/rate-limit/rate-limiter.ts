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

/** One key and the rules its hits must stay within. */
export interface KeyRules {
  key: string;
  rules: readonly LimitRule[];
}

/** A counted (or refused) attempt made before the check it guards. */
export interface Reservation extends LimitResult {
  /** Takes back the hits this reservation counted (an attempt that succeeded); nothing when refused. */
  release(): Promise<void>;
}

/** A refused reservation: nothing was counted, so there is nothing to take back. */
const refusedFor = (retryAfterMs: number): Reservation => ({
  allowed: false,
  retryAfterMs,
  release: async () => {},
});

/** A granted reservation whose `release` runs `takeBack` once at most. */
function granted(takeBack: () => Promise<unknown> | undefined): Reservation {
  let released = false;
  return {
    allowed: true,
    retryAfterMs: 0,
    async release() {
      if (released) return;
      released = true;
      await takeBack();
    },
  };
}

/** `hit` is a reservation of one key that is never released. */
const hitVia =
  (reserve: (keys: readonly KeyRules[], nowMs: number) => Promise<Reservation> | Reservation) =>
  async (key: string, rules: readonly LimitRule[], nowMs: number): Promise<LimitResult> => {
    const { allowed, retryAfterMs } = await reserve([{ key, rules }], nowMs);
    return { allowed, retryAfterMs };
  };

/**
 * Sliding-window-log limiter: exact counts over the last `windowMs`, so "1 per 60 s" can never
 * let two through a window boundary. In-process by default; Redis when several API processes
 * share the limits.
 */
export interface RateLimiter {
  /** Counts a hit when every rule still allows it; otherwise counts nothing. */
  hit(key: string, rules: readonly LimitRule[], nowMs: number): Promise<LimitResult>;
  /**
   * Counts one hit on every key when every key's rules still allow it, in one atomic step (all or
   * nothing; parallel callers can never all see room for one). Count before checking, so a burst
   * of guesses is cut at the limit, then `release` the reservation of an attempt that succeeded.
   */
  reserve(keys: readonly KeyRules[], nowMs: number): Promise<Reservation>;
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

  // No await between checking and counting: atomic within the process.
  const reserve = (keys: readonly KeyRules[], nowMs: number): Reservation => {
    let retryAfterMs = 0;
    const kept = keys.map(({ key, rules }) => {
      for (const rule of rules) widen(key, rule.windowMs);
      const log = prune(key, nowMs);
      for (const rule of rules) {
        const inWindow = log.filter((t) => t > nowMs - rule.windowMs);
        if (inWindow.length >= rule.limit) {
          const oldest = inWindow[inWindow.length - rule.limit] ?? nowMs;
          retryAfterMs = Math.max(retryAfterMs, oldest + rule.windowMs - nowMs, 1);
        }
      }
      return log;
    });
    if (retryAfterMs > 0) return refusedFor(retryAfterMs);
    keys.forEach(({ key }, i) => {
      logs.set(key, [...(kept[i] ?? []), nowMs]);
    });
    // Hits at the same instant are interchangeable: taking back one of them is exact.
    return granted(() => {
      for (const { key } of keys) {
        const log = logs.get(key) ?? [];
        const at = log.lastIndexOf(nowMs);
        if (at < 0) continue;
        const rest = [...log.slice(0, at), ...log.slice(at + 1)];
        if (rest.length === 0) logs.delete(key);
        else logs.set(key, rest);
      }
      return undefined;
    });
  };

  return {
    hit: hitVia(reserve),
    async reserve(keys, nowMs) {
      return reserve(keys, nowMs);
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
 * across processes. KEYS are the keys; ARGV: now, the member to add, then per key the number of
 * its rules followed by each rule's limit and window. Answers 0 (counted on every key) or the
 * milliseconds to wait (counted nowhere).
 */
const RESERVE_SCRIPT = `
local now = tonumber(ARGV[1])
local member = ARGV[2]
local at = 3
local retry = 0
local windows = {}
for k = 1, #KEYS do
  local key = KEYS[k]
  local n = tonumber(ARGV[at])
  at = at + 1
  local maxWindow = 0
  for r = 1, n do
    local limit = tonumber(ARGV[at])
    local window = tonumber(ARGV[at + 1])
    at = at + 2
    if window > maxWindow then maxWindow = window end
    local count = redis.call('ZCOUNT', key, '(' .. (now - window), '+inf')
    if count >= limit then
      local wait = 1
      if limit > 0 then
        local entries = redis.call('ZRANGEBYSCORE', key, '(' .. (now - window), '+inf', 'WITHSCORES', 'LIMIT', count - limit, 1)
        wait = tonumber(entries[2]) + window - now
      end
      if wait > retry then retry = wait end
    end
  end
  windows[k] = maxWindow
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - maxWindow)
end
if retry > 0 then return retry end
for k = 1, #KEYS do
  redis.call('ZADD', KEYS[k], now, member)
  redis.call('PEXPIRE', KEYS[k], windows[k])
end
return 0
`;

export function createRedisRateLimiter(redis: Redis, prefix = 'picbook:rl:'): RateLimiter {
  let seq = 0;
  const member = (nowMs: number) => `${nowMs}-${process.pid}-${seq++}-${Math.random()}`;
  const reserve = async (keys: readonly KeyRules[], nowMs: number): Promise<Reservation> => {
    const names = keys.map(({ key }) => prefix + key);
    const args = keys.flatMap(({ rules }) => [
      String(rules.length),
      ...rules.flatMap((r) => [String(r.limit), String(r.windowMs)]),
    ]);
    const added = member(nowMs);
    const retry = Number(
      await redis.eval(RESERVE_SCRIPT, names.length, ...names, String(nowMs), added, ...args),
    );
    if (retry > 0) return refusedFor(retry);
    return granted(() => {
      const unhit = redis.multi();
      for (const name of names) unhit.zrem(name, added);
      return unhit.exec();
    });
  };
  return {
    hit: hitVia(reserve),
    reserve,
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
