import type { TPlanCourse, TStudyPlan } from '@picbook/contracts';
import {
  currentStageMark,
  type GuideHistory,
  type GuideKind,
  quickStartTarget,
} from '@picbook/domain';
import type { JumpParams, JumpType } from '../../shared/navigation/jump-table';
import { storage } from '../../shared/platform/storage';

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
