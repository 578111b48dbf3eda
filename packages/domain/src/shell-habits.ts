/**
 * Habit and child-safety rules of the shell (shell-and-account §4, §9): the eye-shield timer and
 * the foreground rules, active days, relax, market rating (decision 058).
 */

export const EYE_SHIELD_DEFAULT_MINUTES = 60;
/** §9: back after more than 5 minutes restarts the eye-shield timer. */
export const EYE_SHIELD_RESUME_MS = 5 * 60_000;
/** §9: more than 6 hours away and a day change reload the home view (coldBootToHome). */
export const COLD_RESUME_MS = 6 * 3600_000;
/** §9: activity data refreshed at most every 30 seconds. */
export const ACTIVITY_REFRESH_MS = 30_000;

export interface ResumeDecision {
  /** Restart the eye-shield timer. */
  restartEyeShield: boolean;
  /** Refetch activity data, reset the active state, go home with the cold-boot point. */
  coldBootToHome: boolean;
}

/**
 * §4 foreground: on show after more than 5 minutes the eye-shield timer restarts; after more
 * than 6 hours and a different calendar day (or a negative gap, a clock set back) the app goes
 * home as at a cold boot.
 */
export function onResume(
  hiddenAt: number,
  shownAt: number,
  dayOf: (ms: number) => string,
): ResumeDecision {
  const gap = shownAt - hiddenAt;
  const cold = gap < 0 || (gap > COLD_RESUME_MS && dayOf(hiddenAt) !== dayOf(shownAt));
  return { restartEyeShield: cold || gap > EYE_SHIELD_RESUME_MS, coldBootToHome: cold };
}

/** §4: active days rise by one when the calendar day changes. */
export function nextActiveDays(
  state: { activeDays: number; lastActiveDate: string | null },
  today: string,
): { activeDays: number; lastActiveDate: string } {
  if (state.lastActiveDate === today) {
    return { activeDays: state.activeDays, lastActiveDate: today };
  }
  return { activeDays: state.activeDays + 1, lastActiveDate: today };
}

/** §4: relax is needed when the relax timestamp falls on the current day. */
export function needsRelax(
  relaxTimestamp: number | null,
  now: number,
  dayOf: (ms: number) => string,
): boolean {
  return relaxTimestamp !== null && dayOf(relaxTimestamp) === dayOf(now);
}

/**
 * Market rating state kept per user (§3): the last answer (`action`: 1 rated, 2 declined, 3
 * "later"), the active days at that ask, how many times asked, the app version then.
 */
export interface MarketRatingState {
  action: 0 | 1 | 2 | 3;
  prevActiveDays: number;
  count: number;
  prevVersion: string;
}

export const MARKET_RATING_RE_ASK_DAYS = 90;

/** The big (major) version of a dotted version. */
function bigVersion(version: string): number {
  return Number.parseInt(version.split('.')[0] ?? '0', 10) || 0;
}

/**
 * §4/§9 market rating check: 0 do not ask, 1 ask for the first time, 2 ask again. Re-ask after
 * more than 90 active days since the last ask, when the big version rose, or — after a "later"
 * answer (state 3) — when active days since the last ask exceed count² × 3.
 */
export function marketRatingCheck(
  state: MarketRatingState | null,
  activeDays: number,
  appVersion: string,
): 0 | 1 | 2 {
  if (!state || state.count === 0) return 1;
  const since = activeDays - state.prevActiveDays;
  if (since > MARKET_RATING_RE_ASK_DAYS) return 2;
  if (bigVersion(appVersion) > bigVersion(state.prevVersion)) return 2;
  if (state.action === 3 && since > state.count * state.count * 3) return 2;
  return 0;
}

/** The state after an ask answered with `action`. */
export function afterMarketRating(
  state: MarketRatingState | null,
  action: 1 | 2 | 3,
  activeDays: number,
  appVersion: string,
): MarketRatingState {
  return {
    action,
    prevActiveDays: activeDays,
    count: (state?.count ?? 0) + 1,
    prevVersion: appVersion,
  };
}
