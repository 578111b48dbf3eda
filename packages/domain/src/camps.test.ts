import { describe, expect, it } from 'vitest';
import { campCalendar, campDate, campDayOf, campFinished } from './camps';

describe('camp days (day 1 is the China day of joining)', () => {
  it.each<[string, string, number]>([
    ['2026-01-28', '2026-01-28', 1],
    ['2026-01-28', '2026-02-01', 5],
    ['2026-02-27', '2026-03-01', 3], // 2026 is not a leap year
    ['2028-02-27', '2028-03-01', 4], // 2028 is
    ['2026-12-30', '2027-01-02', 4],
    ['2026-01-28', '2026-01-27', 0],
  ])('joined %s, on %s → day %i', (start, today, day) => expect(campDayOf(start, today)).toBe(day));
  it('day 7 of a camp joined on 28 January is 3 February', () =>
    expect(campDate('2026-01-28', 7)).toBe('2026-02-03'));
});

describe('camp calendar by month (§3: list by month, per-day entries)', () => {
  const base = { startDay: '2026-01-28', days: 7, today: '2026-01-30', doneDays: new Set([1]) };
  it('January holds days 1–4 with their states', () =>
    expect(campCalendar({ ...base, month: '2026-01' })).toEqual([
      { date: '2026-01-28', day: 1, state: 'done' },
      { date: '2026-01-29', day: 2, state: 'missed' },
      { date: '2026-01-30', day: 3, state: 'today' },
      { date: '2026-01-31', day: 4, state: 'future' },
    ]));
  it('February holds days 5–7', () =>
    expect(
      campCalendar({ ...base, month: '2026-02' }).map((e) => [e.date, e.day, e.state]),
    ).toEqual([
      ['2026-02-01', 5, 'future'],
      ['2026-02-02', 6, 'future'],
      ['2026-02-03', 7, 'future'],
    ]));
  it('another month is empty', () =>
    expect(campCalendar({ ...base, month: '2026-03' })).toEqual([]));
});

describe('camp finished when every day is done', () => {
  it.each<[number, number[], boolean]>([
    [3, [1, 2, 3], true],
    [3, [1, 3], false],
    [1, [], false],
  ])('%i days, done %j → %s', (days, done, expected) =>
    expect(campFinished(days, new Set(done))).toBe(expected),
  );
});
