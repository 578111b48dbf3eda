/**
 * When PicBook's reminders go out (issue 42, decision 100), as pure functions of China time.
 * The daily study reminder: at the parent's chosen time on a study day, only while the child has
 * not studied yet that day, never in the night's quiet window, at most once a day, and not at all
 * once the parent turned it off. The weekly report: Sunday evening.
 */

const CHINA_OFFSET_S = 8 * 3600;

/** Night: no push from 21:30 until 07:30 China time (a reminder chosen in it is never sent). */
export const QUIET_FROM_MIN = 21 * 60 + 30;
export const QUIET_UNTIL_MIN = 7 * 60 + 30;
/**
 * A reminder is still worth sending this long after its time (a process was down, the planner
 * runs each minute); later on the same day it is skipped rather than arriving out of the blue.
 */
export const REMINDER_LATE_MIN = 60;
/** The weekly report goes out on Sunday from 19:00 China time (until the quiet window). */
export const WEEKLY_REPORT_MIN = 19 * 60;

/** China wall-clock of a Unix time: the day (YYYY-MM-DD), weekday 1 Monday … 7 Sunday, minute of day. */
export function chinaClock(unixSeconds: number): { day: string; weekday: number; minute: number } {
  const d = new Date((unixSeconds + CHINA_OFFSET_S) * 1000);
  const day = d.toISOString().slice(0, 10);
  const weekday = d.getUTCDay() === 0 ? 7 : d.getUTCDay();
  return { day, weekday, minute: d.getUTCHours() * 60 + d.getUTCMinutes() };
}

export function inQuietWindow(minuteOfDay: number): boolean {
  return minuteOfDay >= QUIET_FROM_MIN || minuteOfDay < QUIET_UNTIL_MIN;
}

/** "HH:MM" → minute of day, or null when malformed. */
export function parseReminderTime(hhmm: string): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

export interface ReminderInput {
  /** Unix seconds. */
  now: number;
  /** The parent's chosen time (HH:MM, China time), null when the reminder is off. */
  reminderTime: string | null;
  /** Study days of the learn setting, 1 Monday … 7 Sunday. */
  studyDays: readonly number[];
  /** The child has learning time or a learning event on today's China day. */
  studiedToday: boolean;
  /** China day the reminder was last sent (or planned) for, null when never. */
  lastSentDay: string | null;
}

export type ReminderVerdict =
  | 'due'
  | 'off'
  | 'not_study_day'
  | 'early'
  | 'late'
  | 'quiet'
  | 'studied'
  | 'already_sent';

/** Whether the daily study reminder goes out now, and if not, why not. */
export function reminderVerdict(input: ReminderInput): ReminderVerdict {
  if (input.reminderTime === null) return 'off';
  const at = parseReminderTime(input.reminderTime);
  if (at === null) return 'off';
  const clock = chinaClock(input.now);
  if (!input.studyDays.includes(clock.weekday)) return 'not_study_day';
  if (clock.minute < at) return 'early';
  if (clock.minute >= at + REMINDER_LATE_MIN) return 'late';
  if (inQuietWindow(clock.minute)) return 'quiet';
  if (input.lastSentDay === clock.day) return 'already_sent';
  if (input.studiedToday) return 'studied';
  return 'due';
}

/** The weekly report is due on Sunday evening (China time), outside the quiet window. */
export function weeklyReportDue(now: number): boolean {
  const clock = chinaClock(now);
  return clock.weekday === 7 && clock.minute >= WEEKLY_REPORT_MIN && !inQuietWindow(clock.minute);
}

/** Push job retries: 1, 5, 25 minutes … (×5), at most 2 hours; dead after `PUSH_MAX_ATTEMPTS`. */
export const PUSH_MAX_ATTEMPTS = 5;
export function pushRetryDelaySeconds(attempts: number): number {
  return Math.min(60 * 5 ** Math.max(0, attempts - 1), 2 * 3600);
}

/** A job left without an answer this long (its process died mid-send) is claimed again. */
export const PUSH_LEASE_SECONDS = 5 * 60;
