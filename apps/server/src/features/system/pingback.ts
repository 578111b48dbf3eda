import { ErrorCode, type TPingbackRequest } from '@picbook/contracts';
import { sql } from 'drizzle-orm';
import { pingbackDaily } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { LimitRule } from '../../platform/rate-limit/rate-limiter';
import { chinaDate } from '../../platform/time';

/**
 * Requests per client: the web flushes at most every 2 s (30 a minute per open page), so a
 * device gets twice that; an address (a school behind one NAT) ten times (decision 025).
 */
export const PINGBACK_RULES = {
  perClient: [{ limit: 60, windowMs: 60_000 }],
  perIp: [{ limit: 600, windowMs: 60_000 }],
} as const satisfies Record<string, readonly LimitRule[]>;

/** Distinct event names one process counts per day; more fold into "other". */
const MAX_EVENT_NAMES_PER_DAY = 500;
const namesSeen = { day: '', names: new Set<string>() };

export interface PingbackInput {
  body: TPingbackRequest;
  ip: string;
  /**
   * The device uuid header when sent; a beacon cannot send headers, so then the batch's session
   * id counts as the client, and only without either the address does (families behind one
   * address must not share one client's limit).
   */
  deviceId: string;
}

/**
 * POST /api/v1/pingback: counts the batch's events per China day, event and level in
 * `pingback_daily` (one upsert, rows in key order so concurrent batches cannot deadlock).
 * Nothing is logged per event; limits per client and per address answer 429.
 */
export async function recordPingback(deps: AppDeps, input: PingbackInput): Promise<number> {
  const now = deps.clock.now();
  const t = now.getTime();
  const sid = input.body.sid && /^[\w.:-]{8,64}$/.test(input.body.sid) ? input.body.sid : '';
  const client = input.deviceId
    ? `pingback:dev:${input.deviceId}`
    : sid
      ? `pingback:sid:${sid}`
      : `pingback:ip:${input.ip}`;
  for (const [key, rules] of [
    [client, PINGBACK_RULES.perClient],
    [`pingback:addr:${input.ip}`, PINGBACK_RULES.perIp],
  ] as const) {
    const limit = await deps.rateLimiter.hit(key, rules, t);
    if (!limit.allowed) {
      throw new AppError(ErrorCode.TooManyRequests, undefined, {
        data: { retry_after: Math.ceil(limit.retryAfterMs / 1000) },
      });
    }
  }

  const day = chinaDate(now);
  if (namesSeen.day !== day) Object.assign(namesSeen, { day, names: new Set<string>() });
  const counts = new Map<string, { event: string; level: string; count: number }>();
  for (const e of input.body.events) {
    const known = namesSeen.names.has(e.event);
    if (!known && namesSeen.names.size < MAX_EVENT_NAMES_PER_DAY) namesSeen.names.add(e.event);
    const event = known || namesSeen.names.has(e.event) ? e.event : 'other';
    const level = e.level ?? 'info';
    const key = `${event}\u0001${level}`;
    const row = counts.get(key) ?? { event, level, count: 0 };
    row.count += 1;
    counts.set(key, row);
  }
  const rows = [...counts.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, r]) => ({ day, ...r }));
  await deps.db
    .insert(pingbackDaily)
    .values(rows)
    .onConflictDoUpdate({
      target: [pingbackDaily.day, pingbackDaily.event, pingbackDaily.level],
      set: { count: sql`${pingbackDaily.count} + excluded.count` },
    });
  return input.body.events.length;
}
