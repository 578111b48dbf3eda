/**
 * Guides (shell-and-account §5, learning-content §5): the book-detail guide when fewer than 3
 * courses are done; the planning guide when the child has planning rights and fewer than 1
 * planning course is done; neither twice on the same day; a vip user sees each at most 3 times.
 */
export const GUIDE_LIMITS = {
  bookDetailCourses: 3,
  planningCourses: 1,
  vipTotal: 3,
} as const;

export type GuideKind = 'bookDetail' | 'planning';

export interface GuideHistory {
  /** China day (YYYY-MM-DD) the guide was last shown, or null. */
  lastShownDay: string | null;
  /** Times shown so far. */
  count: number;
}

export interface GuideInput {
  kind: GuideKind;
  doneCourses: number;
  hasPlanningRight: boolean;
  isVip: boolean;
  today: string;
  history: GuideHistory;
}

export function shouldShowGuide(input: GuideInput): boolean {
  const { kind, doneCourses, history } = input;
  if (history.lastShownDay === input.today) return false;
  if (input.isVip && history.count >= GUIDE_LIMITS.vipTotal) return false;
  if (kind === 'bookDetail') return doneCourses < GUIDE_LIMITS.bookDetailCourses;
  return input.hasPlanningRight && doneCourses < GUIDE_LIMITS.planningCourses;
}

/** Rights that open the whole plan (learning-content §6: vip, growth and experience rights). */
export const PLANNING_RIGHTS = ['vip', 'du_vip', 'growth', 'experience'] as const;

/** §5/§9: the life-VIP guide at most 2 times a day. */
export const LIFE_VIP_GUIDE_PER_DAY = 2;

export function shouldShowLifeVipGuide(input: {
  isLifeVip: boolean;
  hasFreelearnPromo: boolean;
  today: string;
  /** Shows per day: the day and that day's count. */
  history: { day: string | null; countToday: number };
}): boolean {
  if (input.isLifeVip || !input.hasFreelearnPromo) return false;
  const shownToday = input.history.day === input.today ? input.history.countToday : 0;
  return shownToday < LIFE_VIP_GUIDE_PER_DAY;
}
