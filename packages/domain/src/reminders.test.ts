import { describe, expect, it } from 'vitest';
import {
  chinaClock,
  PUSH_MAX_ATTEMPTS,
  pushRetryDelaySeconds,
  type ReminderInput,
  reminderVerdict,
  weeklyReportDue,
} from './reminders';

/** Unix seconds of a China wall-clock time (UTC+8). */
const china = (iso: string) => Date.parse(`${iso}+08:00`) / 1000;
// 2026-12-07 is a Monday, 2026-12-13 a Sunday.
const MON_1930 = china('2026-12-07T19:30:00');
const everyDay = [1, 2, 3, 4, 5, 6, 7];

describe('chinaClock: China day, weekday (1 Monday … 7 Sunday) and minute of day', () => {
  it.each([
    ['Monday 19:30', MON_1930, { day: '2026-12-07', weekday: 1, minute: 1170 }],
    ['Sunday 23:59', china('2026-12-13T23:59:00'), { day: '2026-12-13', weekday: 7, minute: 1439 }],
    [
      '00:05 is already the next China day',
      china('2026-12-08T00:05:00'),
      { day: '2026-12-08', weekday: 2, minute: 5 },
    ],
  ])('%s', (_, now, expected) => expect(chinaClock(now)).toEqual(expected));
});

describe('the daily study reminder: chosen time, study day, not yet studied, no night, once a day, off stops it', () => {
  const base: ReminderInput = {
    now: MON_1930,
    reminderTime: '19:30',
    studyDays: everyDay,
    studiedToday: false,
    lastSentDay: null,
  };
  it.each<[string, Partial<ReminderInput>, ReturnType<typeof reminderVerdict>]>([
    ['at the chosen minute', {}, 'due'],
    ['a few minutes late (a process was down)', { now: MON_1930 + 25 * 60 }, 'due'],
    ['59 minutes late: still', { now: MON_1930 + 59 * 60 }, 'due'],
    ['an hour late: skipped today', { now: MON_1930 + 60 * 60 }, 'late'],
    ['a minute early', { now: MON_1930 - 60 }, 'early'],
    ['turned off', { reminderTime: null }, 'off'],
    ['not a study day (Monday missing)', { studyDays: [2, 3, 4, 5, 6, 7] }, 'not_study_day'],
    ['the child already studied today', { studiedToday: true }, 'studied'],
    ['already sent today', { lastSentDay: '2026-12-07' }, 'already_sent'],
    ['sent yesterday: due again', { lastSentDay: '2026-12-06' }, 'due'],
    [
      'chosen 21:30: the quiet window begins',
      { reminderTime: '21:30', now: china('2026-12-07T21:30:00') },
      'quiet',
    ],
    [
      'chosen 21:00, planner at 21:35: quiet',
      { reminderTime: '21:00', now: china('2026-12-07T21:35:00') },
      'quiet',
    ],
    [
      'chosen 21:00, at 21:29: due',
      { reminderTime: '21:00', now: china('2026-12-07T21:29:00') },
      'due',
    ],
    [
      'chosen 06:30: night until 07:30',
      { reminderTime: '06:30', now: china('2026-12-07T06:45:00') },
      'quiet',
    ],
    ['chosen 07:30: morning', { reminderTime: '07:30', now: china('2026-12-07T07:30:00') }, 'due'],
    [
      'UTC midnight is 08:00 in China: the China day counts',
      { reminderTime: '08:00', now: china('2026-12-08T08:00:00'), lastSentDay: '2026-12-07' },
      'due',
    ],
  ])('%s → %s', (_, patch, verdict) => {
    expect(reminderVerdict({ ...base, ...patch })).toBe(verdict);
  });
});

describe('the weekly report: Sunday evening from 19:00 China time, never at night', () => {
  it.each([
    ['Sunday 19:00', china('2026-12-13T19:00:00'), true],
    ['Sunday 21:00', china('2026-12-13T21:00:00'), true],
    ['Sunday 18:59', china('2026-12-13T18:59:00'), false],
    ['Sunday 21:30 (quiet)', china('2026-12-13T21:30:00'), false],
    ['Saturday 19:00', china('2026-12-12T19:00:00'), false],
    ['Monday 19:00', MON_1930, false],
  ])('%s → %s', (_, now, due) => expect(weeklyReportDue(now)).toBe(due));
});

describe('push retries back off ×5 from a minute, capped at 2 hours, dead after 5 attempts', () => {
  it.each([
    [1, 60],
    [2, 300],
    [3, 1500],
    [4, 7200],
    [9, 7200],
  ])('after attempt %d wait %d s', (attempts, seconds) => {
    expect(pushRetryDelaySeconds(attempts)).toBe(seconds);
  });
  it('five attempts', () => expect(PUSH_MAX_ATTEMPTS).toBe(5));
});
