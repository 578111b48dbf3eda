/** Month arithmetic of the camp calendar (China dates as YYYY-MM-DD strings). */

const CHINA_OFFSET_MS = 8 * 3600 * 1000;

/** YYYY-MM-DD in China of a Unix time in seconds. */
export const chinaDateOf = (seconds: number) =>
  new Date(seconds * 1000 + CHINA_OFFSET_MS).toISOString().slice(0, 10);

/** YYYY-MM shifted by `delta` months. */
export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + delta, 1));
  return d.toISOString().slice(0, 7);
}

/** The cells of a month grid, Monday first: null for the blanks before the 1st. */
export function monthCells(month: string): Array<string | null> {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1, 1));
  const blanks = (first.getUTCDay() + 6) % 7;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return [
    ...Array.from({ length: blanks }, () => null),
    ...Array.from({ length: days }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`),
  ];
}
