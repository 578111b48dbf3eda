import { describe, expect, it } from 'vitest';
import {
  chinaDayEnd,
  extendRight,
  isLifetimeExpiry,
  LIFETIME_EXPIRY,
  replayGrants,
  rightStart,
  validUntil,
  validUntilDate,
  validUntilText,
  vipTypeOf,
} from './rights';

/** China time (+08:00) written out, so the tables read like the calendar a family sees. */
const cn = (local: string) => new Date(`${local}+08:00`);

describe('chinaDayEnd: a right runs to the end of a China calendar day', () => {
  it.each([
    ['2026-11-21T10:00:00', '2026-11-22T00:00:00'],
    ['2026-11-21T00:00:00', '2026-11-21T00:00:00'],
    ['2026-11-21T23:59:59', '2026-11-22T00:00:00'],
    // 16:30 UTC is already the next China day.
    ['2026-11-22T00:30:00', '2026-11-23T00:00:00'],
  ])('%s → %s', (at, end) => {
    expect(chinaDayEnd(cn(at))).toEqual(cn(end));
  });
});

describe('extendRight: from the later of now and the current expiry (issue 15)', () => {
  const now = cn('2026-11-21T10:00:00');
  it.each([
    ['no right yet, 31 days', null, 31, '2026-12-23T00:00:00'],
    ['expired right: counts from now', cn('2026-10-01T00:00:00'), 31, '2026-12-23T00:00:00'],
    ['running right: counts from its expiry', cn('2026-12-01T00:00:00'), 31, '2027-01-01T00:00:00'],
    ['a year on a running right', cn('2026-12-01T00:00:00'), 366, '2027-12-02T00:00:00'],
    ['expiring later today', cn('2026-11-21T12:00:00'), 1, '2026-11-23T00:00:00'],
  ] as const)('%s', (_, current, days, expected) => {
    expect(extendRight({ now, current, days })).toEqual(cn(expected));
  });

  it('a lifetime grant ends in 2099, which reads as lifetime (§6: year from 2038)', () => {
    const life = extendRight({ now, current: cn('2026-12-01T00:00:00'), days: 'life' });
    expect(life).toEqual(LIFETIME_EXPIRY);
    expect(validUntilDate(life)).toBe('2099-12-31');
    expect(isLifetimeExpiry(life)).toBe(true);
    expect(vipTypeOf(life)).toBe(2);
  });

  it('days added to a lifetime right change nothing', () => {
    expect(extendRight({ now, current: LIFETIME_EXPIRY, days: 31 })).toEqual(LIFETIME_EXPIRY);
  });

  it.each([0, -3, 1.5])('refuses %s days', (days) => {
    expect(() => extendRight({ now, current: null, days })).toThrow(RangeError);
  });
});

describe('isLifetimeExpiry: §6 "an expiry year starting 2038" (China time)', () => {
  it.each([
    ['2037-12-31T23:59:59', false],
    ['2038-01-01T00:00:00', true],
    ['2099-12-31T23:59:59', true],
    ['2027-06-01T00:00:00', false],
  ])('%s → %s', (at, lifetime) => {
    expect(isLifetimeExpiry(cn(at))).toBe(lifetime);
    expect(vipTypeOf(cn(at))).toBe(lifetime ? 2 : 1);
  });
});

describe('validUntil: one rule for "有效期至" everywhere (decision 093, issue 40 item 7)', () => {
  it.each([
    // expiry (China time)         last full day   the line in messages and the console
    ['2026-12-23T00:00:00', '2026-12-22', '有效期至 2026-12-22'],
    ['2026-12-23T08:00:00', '2026-12-23', '有效期至 2026-12-23'],
    // Issue 40: a year bought 2026-12-07 ends 2027-12-09 00:00 — valid until 2027-12-08.
    ['2027-12-09T00:00:00', '2027-12-08', '有效期至 2027-12-08'],
    ['2027-12-09T00:00:01', '2027-12-09', '有效期至 2027-12-09'],
    // Year and month boundaries.
    ['2027-01-01T00:00:00', '2026-12-31', '有效期至 2026-12-31'],
    ['2028-03-01T00:00:00', '2028-02-29', '有效期至 2028-02-29'],
    ['2037-12-31T23:59:59', '2037-12-31', '有效期至 2037-12-31'],
    // Lifetime (§6: an expiry year from 2038).
    ['2100-01-01T00:00:00', '2099-12-31', '终身有效'],
    ['2038-01-01T00:00:00', '2037-12-31', '终身有效'],
  ])('%s → %s (%s)', (expire, day, text) => {
    expect(validUntilDate(cn(expire))).toBe(day);
    expect(validUntilText(cn(expire))).toBe(text);
    expect(validUntil(cn(expire))).toEqual(
      text === '终身有效' ? { lifetime: true } : { lifetime: false, date: day },
    );
  });

  it('a grant and its "valid until" agree: 366 days from 2026-12-07 10:00 run through 2027-12-08', () => {
    const expire = extendRight({ now: cn('2026-12-07T10:00:00'), current: null, days: 366 });
    expect(expire).toEqual(cn('2027-12-09T00:00:00'));
    expect(validUntilDate(expire)).toBe('2027-12-08');
  });
});

describe('rightStart', () => {
  const now = cn('2026-11-21T10:00:00');
  it('a running right keeps its start; a lapsed or new one starts now', () => {
    const start = cn('2026-10-01T09:00:00');
    expect(rightStart({ now, current: cn('2026-12-01T00:00:00'), start })).toEqual(start);
    expect(rightStart({ now, current: cn('2026-11-01T00:00:00'), start })).toEqual(now);
    expect(rightStart({ now, current: null, start: null })).toEqual(now);
  });
});

describe('replayGrants: a refund takes back exactly what its order added', () => {
  const a = { at: cn('2026-11-21T10:00:00'), days: 31 };
  const b = { at: cn('2026-11-25T10:00:00'), days: 31 };
  const c = { at: cn('2027-03-01T10:00:00'), days: 31 };
  it.each([
    ['both months', null, [a, b], '2027-01-23T00:00:00'],
    ['first refunded: the second counts from its own purchase', null, [b], '2026-12-27T00:00:00'],
    ['second refunded', null, [a], '2026-12-23T00:00:00'],
    ['a later purchase after a gap is untouched', null, [c], '2027-04-02T00:00:00'],
    [
      'a right from before the first grant is kept',
      cn('2026-12-01T00:00:00'),
      [a],
      '2027-01-01T00:00:00',
    ],
    ['nothing left', null, [], null],
  ] as const)('%s', (_, base, grants, expected) => {
    const result = replayGrants(base, grants);
    expect(result).toEqual(expected === null ? null : cn(expected));
  });

  it('a refunded lifetime grant falls back to the months', () => {
    const life = { at: cn('2026-11-26T10:00:00'), days: 'life' as const };
    expect(replayGrants(null, [a, life])).toEqual(LIFETIME_EXPIRY);
    expect(replayGrants(null, [a])).toEqual(cn('2026-12-23T00:00:00'));
  });
});
