/** The families are in China: calendar dates are taken at UTC+8 (spec: time zone offset +8). */
export const CHINA_OFFSET_MS = 8 * 3600 * 1000;

/** YYYY-MM-DD of `date` in China. */
export function chinaDate(date: Date): string {
  return new Date(date.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

export const unixSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/** Unix seconds of a time that may be missing (a null stays null). */
export const unixSecondsOrNull = (date: Date | null): number | null =>
  date ? unixSeconds(date) : null;

/** The China calendar day of `date`: YYYY-MM-DD and its half-open window [from, to). */
export function chinaDay(date: Date): { day: string; from: Date; to: Date } {
  const day = chinaDate(date);
  const from = new Date(Date.parse(`${day}T00:00:00Z`) - CHINA_OFFSET_MS);
  return { day, from, to: new Date(from.getTime() + 86_400_000) };
}
