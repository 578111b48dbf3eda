/** Today in China (+8), YYYY-MM-DD, for "not twice the same day". */
export const chinaToday = (now = Date.now()) =>
  new Date(now + 8 * 3600_000).toISOString().slice(0, 10);
