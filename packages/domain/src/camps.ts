/**
 * Camps (learning-content §3 freelearn calendar and state; decision 055): a family joins on a
 * China day, day 1 is that day, and the camp runs for `days` China days.
 */

export const CAMP_KINDS = ['freelearn', 'freeread', 'freelearn2', 'training'] as const;
export type CampKind = (typeof CAMP_KINDS)[number];

/** One day of a camp as the calendar shows it. */
export type CampDayState = 'done' | 'missed' | 'today' | 'future';

const DAY_MS = 86_400_000;
const dayNumber = (isoDay: string) => Date.parse(`${isoDay}T00:00:00Z`) / DAY_MS;
const isoOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** The camp day (1-based) of a China date, or 0 before the start; may exceed `days` after it. */
export const campDayOf = (startDay: string, isoDay: string): number =>
  dayNumber(isoDay) - dayNumber(startDay) + 1;

/** The China date of camp day `n`. */
export const campDate = (startDay: string, n: number): string => isoOf(dayNumber(startDay) + n - 1);

export interface CampCalendarInput {
  /** China date the family joined (day 1). */
  startDay: string;
  days: number;
  /** China date now. */
  today: string;
  /** The month asked for, YYYY-MM. */
  month: string;
  /** Camp days whose tasks are all done. */
  doneDays: ReadonlySet<number>;
}

export interface CampCalendarEntry {
  date: string;
  day: number;
  state: CampDayState;
}

/** The camp's days that fall in `month`, each with its state. */
export function campCalendar(input: CampCalendarInput): CampCalendarEntry[] {
  const todayN = campDayOf(input.startDay, input.today);
  const out: CampCalendarEntry[] = [];
  for (let day = 1; day <= input.days; day++) {
    const date = campDate(input.startDay, day);
    if (date.slice(0, 7) !== input.month) continue;
    const state: CampDayState = input.doneDays.has(day)
      ? 'done'
      : day < todayN
        ? 'missed'
        : day === todayN
          ? 'today'
          : 'future';
    out.push({ date, day, state });
  }
  return out;
}

/** A camp is finished when every one of its days is done. */
export const campFinished = (days: number, doneDays: ReadonlySet<number>): boolean => {
  for (let d = 1; d <= days; d++) if (!doneDays.has(d)) return false;
  return true;
};
