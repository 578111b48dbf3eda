/**
 * Rights and their expiry (learning-content §3, §6; decision 033). Times are Dates here; the API
 * shows them as Unix seconds. Calendar days are China days (UTC+8, spec: time zone offset +8).
 */

export const RIGHT_NAMES = [
  'vip',
  'du_vip',
  'life_vip',
  'library',
  'experience',
  'growth',
  'school_usable',
] as const;
export type RightName = (typeof RIGHT_NAMES)[number];

/** Rights that make the user a member (user info `vip` = 1). */
export const VIP_RIGHTS: readonly RightName[] = ['vip', 'du_vip', 'life_vip'];

const DAY_MS = 86_400_000;
const CHINA_OFFSET_MS = 8 * 3600 * 1000;

/**
 * Lifetime rights expire at the end of 2099 (China time). The spec only says a lifetime VIP is
 * an expiry year starting 2038 (§6), so anything from 2038 on reads as lifetime.
 */
export const LIFETIME_EXPIRY = new Date(Date.UTC(2100, 0, 1) - CHINA_OFFSET_MS);
export const LIFETIME_FROM_YEAR = 2038;

/** The calendar year of a moment in China. */
export function chinaYear(at: Date): number {
  return new Date(at.getTime() + CHINA_OFFSET_MS).getUTCFullYear();
}

/** Spec §6: a lifetime VIP is an expiry year starting 2038. */
export function isLifetimeExpiry(expire: Date): boolean {
  return chinaYear(expire) >= LIFETIME_FROM_YEAR;
}

/** The next China midnight at or after `at`: rights run to the end of a calendar day. */
export function chinaDayEnd(at: Date): Date {
  const local = at.getTime() + CHINA_OFFSET_MS;
  const rest = ((local % DAY_MS) + DAY_MS) % DAY_MS;
  return rest === 0 ? at : new Date(at.getTime() + DAY_MS - rest);
}

/**
 * THE "valid until" rule (decision 093): a right's expiry is the China midnight after the last
 * day it covers, and "有效期至" names that last full day (YYYY-MM-DD) — an expiry of 2027-12-09
 * 00:00 reads 2027-12-08 on the order page, in the messages, in the parents' area and in the
 * console alike. Never show the raw expiry as a date.
 */
export function validUntilDate(expire: Date): string {
  return new Date(expire.getTime() - 1 + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** {@link validUntilDate}, or lifetime for an expiry from 2038 on (§6). */
export type ValidUntil = { lifetime: true } | { lifetime: false; date: string };
export function validUntil(expire: Date): ValidUntil {
  return isLifetimeExpiry(expire)
    ? { lifetime: true }
    : { lifetime: false, date: validUntilDate(expire) };
}

/** The Chinese line for messages and the console: "有效期至 2027-12-08" or "终身有效". */
export function validUntilText(expire: Date): string {
  const until = validUntil(expire);
  return until.lifetime ? '终身有效' : `有效期至 ${until.date}`;
}

export type RightDuration = number | 'life';

/**
 * A right's new expiry after a grant of `days`: counted from the later of now and the current
 * expiry (buying early loses nothing), ending at the end of that China day. A lifetime grant, or
 * a right that is lifetime already, ends at {@link LIFETIME_EXPIRY}.
 */
export function extendRight(input: { now: Date; current: Date | null; days: RightDuration }): Date {
  const { now, current, days } = input;
  if (days === 'life' || (current && isLifetimeExpiry(current))) return LIFETIME_EXPIRY;
  if (!Number.isInteger(days) || days <= 0) throw new RangeError(`days must be > 0 (got ${days})`);
  const from = current && current.getTime() > now.getTime() ? current : now;
  return chinaDayEnd(new Date(from.getTime() + days * DAY_MS));
}

/** When the current period of a right began: a right that had lapsed starts again now. */
export function rightStart(input: { now: Date; current: Date | null; start: Date | null }): Date {
  const { now, current, start } = input;
  return current && start && current.getTime() > now.getTime() ? start : now;
}

/** 1 a time-limited right, 2 lifetime (user info vip_type). */
export const vipTypeOf = (expire: Date): 1 | 2 => (isLifetimeExpiry(expire) ? 2 : 1);

export interface GrantLike {
  at: Date;
  days: RightDuration;
}

/**
 * A right's expiry from what it was before its first recorded grant (`base`) and the grants that
 * still stand, replayed in order. A refund removes its grant and replays the rest, so the family
 * loses exactly what the refunded order added — later grants keep their days.
 */
export function replayGrants(base: Date | null, grants: readonly GrantLike[]): Date | null {
  let expire = base;
  for (const grant of grants) {
    expire = extendRight({ now: grant.at, current: expire, days: grant.days });
  }
  return expire;
}
