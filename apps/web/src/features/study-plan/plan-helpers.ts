import type { TPlanCourse, TStudyPlan } from '@picbook/contracts';
import {
  currentStageMark,
  type GuideHistory,
  type GuideKind,
  quickStartTarget,
} from '@picbook/domain';
import type { JumpParams, JumpType } from '../../app/navigation/jump-table';
import { storage } from '../../shared/platform/storage';

/** The level the learning tab shows: the child's chosen one, remembered on the device. */
export const LEARNING_LEVEL_KEY = 'learning_level';

/** Week and day (1-based) of the current-stage mark (§4), or week 1 day 1. */
export function currentPlace(plan: TStudyPlan): { week: number; day: number } {
  const mark = currentStageMark(plan.weeks);
  const week = mark ? plan.weeks[mark.week] : undefined;
  return { week: week?.week ?? 1, day: week?.stages[mark?.stage ?? 0]?.stage ?? 1 };
}

/** Where quick start goes (§4): the current stage's next open course. */
export function quickStart(
  plan: TStudyPlan,
): { week: number; day: number; course: TPlanCourse } | null {
  const target = quickStartTarget(plan.weeks);
  if (!target) return null;
  const week = plan.weeks[target.week];
  const day = week?.stages[target.stage];
  return week && day ? { week: week.week, day: day.stage, course: target.course } : null;
}

/** The jump that opens a course: its video screen or the part player. */
export function courseJump(
  course: Pick<TPlanCourse, 'kind' | 'process_id'>,
): [JumpType, JumpParams] {
  return [
    course.kind === 'video' ? 'learningVideo' : 'learningPart',
    { processId: course.process_id },
  ];
}

/** Rewards the child can collect now, in plan order (§4 reward claim). */
export function claimableRewards(plan: TStudyPlan) {
  return plan.weeks.flatMap((w) => [
    ...w.stages
      .filter((s) => s.reward.status === 1)
      .map((s) => ({ week: w.week, stage: s.stage, reward: s.reward })),
    ...(w.reward.status === 1 ? [{ week: w.week, stage: 0, reward: w.reward }] : []),
  ]);
}

const guideKey = (kind: GuideKind, userId: number) => `picbook.guide.${kind}.${userId}`;

export function readGuideHistory(userId: number, kind: GuideKind = 'planning'): GuideHistory {
  try {
    const v = JSON.parse(storage.get(guideKey(kind, userId)) ?? '{}') as Partial<GuideHistory>;
    return { lastShownDay: v.lastShownDay ?? null, count: Number(v.count) || 0 };
  } catch {
    return { lastShownDay: null, count: 0 };
  }
}

export function markGuideShown(userId: number, today: string, kind: GuideKind = 'planning'): void {
  const h = readGuideHistory(userId, kind);
  storage.set(guideKey(kind, userId), JSON.stringify({ lastShownDay: today, count: h.count + 1 }));
}

/** Today in China (+8), YYYY-MM-DD, for "not twice the same day". */
export const chinaToday = (now = Date.now()) =>
  new Date(now + 8 * 3600_000).toISOString().slice(0, 10);

/** The level a tab opens at: the one chosen last on this device, else the child's, else 1. */
export function initialLevel(userLevel: number | undefined, saved: string | null): number {
  const chosen = Number(saved);
  if (Number.isInteger(chosen) && chosen >= 1 && chosen <= 6) return chosen;
  return userLevel && userLevel >= 1 && userLevel <= 6 ? userLevel : 1;
}
