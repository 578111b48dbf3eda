import { isKobDay } from './settings';

/**
 * Kob: the daily reading challenge where credits and coins are spent (decision 056).
 * Gating quotes shell-and-account §6, §5 and §3.
 */

export interface KobGrayOptions {
  kobEnabled?: number | null;
  kobDisabled?: number | null;
  kobDoneCoursesThreshold?: number | null;
}

export interface KobAccessInput {
  isXiaodu: boolean;
  isGuest: boolean;
  doneCourses: number;
  gray: KobGrayOptions;
}

/**
 * §6: "off on Xiaodu; off if kobDisabled equals 1; on if kobEnabled is set; otherwise on when
 * done_courses reaches kobDoneCoursesThreshold if given, else on for non-guests". A threshold of
 * 0 (the configs' way of leaving a number out) counts as not given.
 */
export function kobFeatureOn(input: KobAccessInput): boolean {
  if (input.isXiaodu) return false;
  if (input.gray.kobDisabled === 1) return false;
  if (input.gray.kobEnabled) return true;
  const threshold = input.gray.kobDoneCoursesThreshold;
  if (threshold && threshold > 0) return input.doneCourses >= threshold;
  return !input.isGuest;
}

/** §3 kob_schedule on an ISO weekday (1 Monday … 7 Sunday) of the China calendar. */
export const kobOpenToday = (access: KobAccessInput, schedule: number, isoWeekday: number) =>
  kobFeatureOn(access) && isKobDay(schedule, isoWeekday);

/** §5 guide limits. */
export const KOB_GUIDE = { minCredits: 10, minCoinsPlanningToKob: 200, total: 3 } as const;

export interface KobGuideInput {
  credits: number;
  coins: number;
  /** May the user enter kob (the feature gate above). */
  canEnterKob: boolean;
  /** The guide leading from the study plan into kob (planningToKob) needs coins too. */
  planningToKob: boolean;
  today: string;
  history: { lastShownDay: string | null; count: number };
}

/**
 * §5: "Kob guide needs at least 10 credits and permission to enter kob (planningToKob also
 * needs at least 200 coins), at most once a day and 3 times in total."
 */
export function shouldShowKobGuide(input: KobGuideInput): boolean {
  if (!input.canEnterKob) return false;
  if (input.credits < KOB_GUIDE.minCredits) return false;
  if (input.planningToKob && input.coins < KOB_GUIDE.minCoinsPlanningToKob) return false;
  if (input.history.lastShownDay === input.today) return false;
  return input.history.count < KOB_GUIDE.total;
}

/** What a challenge costs and pays (decision 056): the entry is credits, a win pays coins. */
export const KOB_ENTRY_CREDITS = 10;
export const KOB_WIN_COINS = 20;

/** A challenge is won when the child's score beats the recorded opponent's. */
export const kobWon = (score: number, opponentScore: number) => score > opponentScore;
