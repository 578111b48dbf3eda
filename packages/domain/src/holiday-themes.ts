/**
 * Holiday themes by date (shell-and-account §9, decision 059). Dated holidays (Spring Festival
 * 2021, Dragon Boat 2021) apply in their year only; the others recur every year. Days are China
 * calendar days (YYYY-MM-DD).
 */
export const HOLIDAY_THEMES = [
  'springFestival',
  'bookDay',
  'childrensDay',
  'dragonBoat',
  'halloween',
  'christmas',
] as const;
export type HolidayTheme = (typeof HOLIDAY_THEMES)[number];

interface HolidayWindow {
  theme: HolidayTheme;
  /** Year the window belongs to, or null for every year. */
  year: number | null;
  from: string; // MM-DD
  to: string; // MM-DD, inclusive
}

export const HOLIDAY_WINDOWS: readonly HolidayWindow[] = [
  { theme: 'springFestival', year: 2021, from: '02-04', to: '02-26' },
  { theme: 'bookDay', year: null, from: '04-23', to: '05-05' },
  { theme: 'childrensDay', year: null, from: '06-01', to: '06-01' },
  { theme: 'dragonBoat', year: 2021, from: '06-12', to: '06-14' },
  { theme: 'halloween', year: null, from: '10-30', to: '11-01' },
  { theme: 'christmas', year: null, from: '12-21', to: '12-29' },
];

/** The theme of a China day, or null on an ordinary day. */
export function holidayTheme(day: string): HolidayTheme | null {
  const year = Number(day.slice(0, 4));
  const monthDay = day.slice(5, 10);
  for (const w of HOLIDAY_WINDOWS) {
    if (w.year !== null && w.year !== year) continue;
    if (monthDay >= w.from && monthDay <= w.to) return w.theme;
  }
  return null;
}
