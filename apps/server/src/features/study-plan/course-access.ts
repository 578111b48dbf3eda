import { ErrorCode } from '@picbook/contracts';
import { AppError } from '../../platform/errors';
import { findInPlan, type PlanData } from './plan-view';

/** Why a course cannot be opened, as a parent reads it (10400 with data.reason). */
export const PLAN_LOCK_MESSAGES = {
  order: '这节课还没解锁哦，先完成前面的课程吧',
  login: '登录后开通会员，就能学习全部课程啦',
  vip: '开通会员即可学习全部课程',
} as const;

/** The course as placed in the child's plan, or 10024 / 10400 with a clear reason. */
export function assertCourseOpen(plan: PlanData, uuid: string) {
  const placed = findInPlan(plan, uuid);
  if (!placed) throw new AppError(ErrorCode.RecordNotFound, '这节课不存在或已下架');
  if (placed.course.status === 0) {
    const reason =
      placed.week.lock_reason === 'login' || placed.week.lock_reason === 'vip'
        ? placed.week.lock_reason
        : 'order';
    throw new AppError(ErrorCode.NotAllowed, PLAN_LOCK_MESSAGES[reason], {
      data: { reason, week: placed.week.week, stage: placed.stage.stage },
    });
  }
  return placed;
}
