import {
  afterMarketRating,
  chinaDay,
  type MarketRatingState,
  marketRatingCheck,
  nextActiveDays,
  type PopupPoint,
} from '@picbook/domain';
import { create } from 'zustand';
import { appEnv } from '../../shared/platform/env';
import { getDeviceSetting, setDeviceSetting } from '../../shared/settings/device-settings';

const today = (now: number) => chinaDay(Math.floor(now / 1000));

/** §4 active days: counted per user on the device, one more on each new calendar day. */
export function touchActiveDays(userId: number, now = Date.now()): number {
  const next = nextActiveDays(
    {
      activeDays: Number(getDeviceSetting('active_days', userId) ?? 0) || 0,
      lastActiveDate: getDeviceSetting('last_active_date', userId),
    },
    today(now),
  );
  setDeviceSetting('active_days', userId, String(next.activeDays));
  setDeviceSetting('last_active_date', userId, next.lastActiveDate);
  return next.activeDays;
}

/** Active days before the app first asks for a store rating (ours: a week of use). */
export const MARKET_RATING_MIN_ACTIVE_DAYS = 7;

function ratingState(userId: number): MarketRatingState | null {
  try {
    const raw = getDeviceSetting('market_rating', userId);
    return raw ? (JSON.parse(raw) as MarketRatingState) : null;
  } catch {
    return null;
  }
}

/** §4/§9 market rating: asked in the app only, after a week of active days, by the re-ask rules. */
export function shouldAskRating(userId: number, activeDays: number): 0 | 1 | 2 {
  const env = appEnv();
  if (!env.isApp || activeDays < MARKET_RATING_MIN_ACTIVE_DAYS) return 0;
  return marketRatingCheck(ratingState(userId), activeDays, env.appVersion);
}

export function answerRating(userId: number, action: 1 | 2 | 3, activeDays: number): void {
  const next = afterMarketRating(ratingState(userId), action, activeDays, appEnv().appVersion);
  setDeviceSetting('market_rating', userId, JSON.stringify(next));
}

/** §4/§9 daily goal notification: shown for 6 s when its state becomes nonzero. */
export const DAILY_GOAL_MS = 6000;
export const useDailyGoal = create<{ state: number }>(() => ({ state: 0 }));

/**
 * The daily goal (ours: the first book or course finished today) is met when a finish point is
 * reached and today's goal was not yet noted for this user on the device (score_daily_info).
 */
export function noteDailyGoal(userId: number, point: PopupPoint, now = Date.now()): boolean {
  if (point !== 'libraryFinishToHome' && point !== 'learningCourseFinishToHome') return false;
  const day = today(now);
  if (getDeviceSetting('score_daily_info', userId) === day) return false;
  setDeviceSetting('score_daily_info', userId, day);
  useDailyGoal.setState({ state: 1 });
  return true;
}
