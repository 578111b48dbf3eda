import type { TUserInfo } from '@picbook/contracts';
import { isLifetimeExpiry, VIP_RIGHTS, validUntilDate } from '@picbook/domain';

export type Membership = { kind: 'none' } | { kind: 'lifetime' } | { kind: 'until'; date: string };

/** What the membership card says: none, lifetime (§6: year from 2038), or the last day covered. */
export function membershipOf(user: TUserInfo | null, nowS = Date.now() / 1000): Membership {
  const running = (user?.rights ?? []).filter(
    (r) => (VIP_RIGHTS as readonly string[]).includes(r.name) && r.expire_time > nowS,
  );
  if (running.length === 0) return { kind: 'none' };
  const last = new Date(Math.max(...running.map((r) => r.expire_time)) * 1000);
  return isLifetimeExpiry(last)
    ? { kind: 'lifetime' }
    : { kind: 'until', date: validUntilDate(last) };
}

/** "2026-12-22" from Unix seconds of an expiry (the last day it covers). */
export const untilDate = (expireS: number) => validUntilDate(new Date(expireS * 1000));

/** Unix seconds as China time "2026-11-21 10:05". */
export function chinaTime(seconds: number): string {
  return new Date(seconds * 1000 + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
}
