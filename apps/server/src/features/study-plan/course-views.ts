import {
  ErrorCode,
  type TCourse,
  type TCourseRef,
  type TLearningBook,
  type TStageDetail,
  type TStageFinishInfo,
} from '@picbook/contracts';
import { courseRewardState, currentStageMark } from '@picbook/domain';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { users } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { readBalances } from '../../platform/ledger/ledger';
import { withMediaUrls } from '../../platform/media/media-url';
import { loadConfigs } from '../configs';
import { createReadingQueries, findBookOrFail, loadReader, presentBookInfo } from '../library';
import { assertCourseOpen } from './course-access';
import { createPlanQueries } from './plan.queries';
import { courseRef, findInPlan, loadPlan, nextCourse, type PlanData } from './plan-view';

async function courseOrFail(deps: AppDeps, processId: number) {
  const course = await createPlanQueries(deps.db).findByProcessId(processId);
  if (!course)
    throw new AppError(ErrorCode.RecordNotFound, '这节课不存在或已下架', { field: 'id' });
  return course;
}

function weekOrFail(plan: PlanData, week: number) {
  const found = plan.weeks.find((w) => w.week === week);
  if (!found)
    throw new AppError(ErrorCode.RecordNotFound, '没有这一周的学习计划', { field: 'world' });
  return found;
}

function stageOrFail(plan: PlanData, week: number, stage: number) {
  const w = weekOrFail(plan, week);
  const s = w.stages.find((x) => x.stage === stage);
  if (!s) throw new AppError(ErrorCode.RecordNotFound, '没有这一天的学习计划', { field: 'stage' });
  return { week: w, stage: s };
}

/** GET /api/v1/study_plan/stage: one day with its major and minor courses. */
export async function stageDetail(
  deps: AppDeps,
  log: FastifyBaseLogger,
  userId: number | null,
  q: { level: number; world: number; stage: number },
): Promise<TStageDetail> {
  const plan = await loadPlan(deps, deps.db, userId, q.level, log);
  const { week, stage } = stageOrFail(plan, q.world, q.stage);
  return withMediaUrls(
    {
      ...stage,
      level: q.level,
      week: week.week,
      book: week.book,
      theme_cn: week.theme_cn,
    },
    deps,
  );
}

/** GET /api/v1/learning/process/{id}: the course to play, when it is open to this child. */
export async function courseByProcess(
  deps: AppDeps,
  log: FastifyBaseLogger,
  userId: number | null,
  processId: number,
): Promise<TCourse> {
  const course = await courseOrFail(deps, processId);
  const plan = await loadPlan(deps, deps.db, userId, course.level, log);
  const placed = assertCourseOpen(plan, course.uuid);
  return withMediaUrls(
    {
      uuid: course.uuid,
      process_id: course.processId,
      level: course.level,
      week: course.week,
      stage: course.stage,
      sub_path: course.subPath,
      position: course.position,
      title_cn: course.titleCn,
      title_en: course.titleEn,
      duration: course.duration,
      book_id: course.bookId,
      content: course.content,
      status: placed.course.status,
      best_score: placed.course.best_score,
      stars: placed.course.stars,
      next: nextInDay(plan, course.uuid),
    },
    deps,
  );
}

/** The next course of the same day (any status), for the player's "next" button. */
function nextInDay(plan: PlanData, uuid: string): TCourseRef | null {
  const placed = findInPlan(plan, uuid);
  if (!placed) return null;
  const list = [...placed.stage.major.courses, ...placed.stage.minor.courses];
  const next = list[list.findIndex((c) => c.uuid === uuid) + 1];
  const head = next && plan.courses.find((c) => c.uuid === next.uuid);
  return head && next ? courseRef({ ...head, kind: next.kind }) : null;
}

function courseAt(
  plan: PlanData,
  q: { world: number; stage: number; sub_path: number; sub_stage: number },
) {
  const { week, stage } = stageOrFail(plan, q.world, q.stage);
  const list = q.sub_path === 1 ? stage.major.courses : stage.minor.courses;
  const course = list[q.sub_stage - 1];
  if (!course)
    throw new AppError(ErrorCode.RecordNotFound, '这一天没有这节课', { field: 'sub_stage' });
  return { week, stage, course };
}

type PositionQuery = {
  level: number;
  world: number;
  stage: number;
  sub_path: number;
  sub_stage: number;
};

/** GET /api/v1/learning/stage_info: the course at a place of a day. */
export async function stageInfo(
  deps: AppDeps,
  log: FastifyBaseLogger,
  userId: number | null,
  q: PositionQuery,
) {
  const plan = await loadPlan(deps, deps.db, userId, q.level, log);
  const { week, stage, course } = courseAt(plan, q);
  return withMediaUrls({ course, stage, theme_cn: week.theme_cn }, deps);
}

/** GET /api/v1.1/learning/stage_finish_info: what the finish screen shows after a course. */
export async function stageFinishInfo(
  deps: AppDeps,
  log: FastifyBaseLogger,
  userId: number,
  q: PositionQuery,
): Promise<TStageFinishInfo> {
  const plan = await loadPlan(deps, deps.db, userId, q.level, log);
  const { week, stage, course } = courseAt(plan, q);
  const queries = createPlanQueries(deps.db);
  const [last, progress, balances] = await Promise.all([
    queries.lastReport(userId, course.uuid),
    queries.progressOf(userId, [course.uuid]),
    readBalances(deps.db, userId),
  ]);
  const paidInAll = progress.get(course.uuid);
  return withMediaUrls(
    {
      course,
      last: last
        ? {
            report_id: last.id,
            score: last.score,
            stars: last.stars,
            coins: last.reward.coins,
            diamonds: last.reward.diamonds,
            reward_state: courseRewardState(last.reward, {
              coins: paidInAll?.paidCoins ?? 0,
              diamonds: paidInAll?.paidDiamonds ?? 0,
            }),
          }
        : null,
      stage: { status: stage.status, reward: stage.reward },
      week: { status: week.status, reward: week.reward },
      next: nextCourse(plan, course.uuid),
      balances: { coins: balances.coins, credits: balances.credits, diamonds: balances.diamonds },
    },
    deps,
  );
}

/** GET /api/v1/learning/reward/{id}: what a course pays and what it has paid this child. */
export async function courseRewardInfo(
  deps: AppDeps,
  log: FastifyBaseLogger,
  userId: number,
  processId: number,
) {
  const course = await courseOrFail(deps, processId);
  const [progress, configs] = await Promise.all([
    createPlanQueries(deps.db).progressOf(userId, [course.uuid]),
    loadConfigs(deps.db, log),
  ]);
  const p = progress.get(course.uuid);
  return {
    process_id: course.processId,
    max_coins: configs.study_plan_rewards.course_max_coins,
    diamonds_three_stars: configs.study_plan_rewards.course_diamonds_three_stars,
    best_score: p?.bestScore ?? 0,
    stars: p?.stars ?? 0,
    paid_coins: p?.paidCoins ?? 0,
    paid_diamonds: p?.paidDiamonds ?? 0,
  };
}

async function weekOfBookOrFail(deps: AppDeps, bookId: number) {
  await findBookOrFail(deps.db, bookId);
  const week = await createPlanQueries(deps.db).weekOfBook(bookId);
  if (!week)
    throw new AppError(ErrorCode.RecordNotFound, '这本绘本还没有学习课程', { field: 'book_id' });
  return week;
}

/**
 * GET /api/v1/study_plan/get_randid: a course of the week built around a book — the next one the
 * child may do there, else (all done) one of its courses at random to review.
 */
export async function randomCourseOfBook(
  deps: AppDeps,
  log: FastifyBaseLogger,
  userId: number | null,
  bookId: number,
): Promise<TCourseRef> {
  const weekRow = await weekOfBookOrFail(deps, bookId);
  const plan = await loadPlan(deps, deps.db, userId, weekRow.level, log);
  const week = weekOrFail(plan, weekRow.week);
  const list = week.stages.flatMap((s) => [...s.major.courses, ...s.minor.courses]);
  const open = list.find((c) => c.status === 1);
  const done = list.filter((c) => c.status === 2);
  const pick = open ?? done[Math.floor(Math.random() * done.length)];
  if (!pick) {
    throw new AppError(ErrorCode.NotAllowed, '先完成前面的课程，再来学这本书吧', {
      data: { reason: week.lock_reason ?? 'order' },
    });
  }
  const head = plan.courses.find((c) => c.uuid === pick.uuid);
  if (!head) throw new Error('course missing from the plan');
  return courseRef({ ...head, kind: pick.kind });
}

/** GET /api/v1.1/learning/book/{id}: the book as the plan uses it — its week and courses. */
export async function learningBook(
  deps: AppDeps,
  log: FastifyBaseLogger,
  userId: number | null,
  bookId: number,
): Promise<TLearningBook> {
  const weekRow = await weekOfBookOrFail(deps, bookId);
  const [plan, reader, book] = await Promise.all([
    loadPlan(deps, deps.db, userId, weekRow.level, log),
    loadReader(deps.db, userId, deps.clock.now()),
    findBookOrFail(deps.db, bookId),
  ]);
  const unlocked =
    userId === null
      ? new Set<number>()
      : await createReadingQueries(deps.db).unlockedOf(userId, [bookId]);
  const week = weekOrFail(plan, weekRow.week);
  const courses = week.stages.flatMap((s) =>
    [...s.major.courses, ...s.minor.courses].map((c) => ({ ...c, stage: s.stage })),
  );
  const test = await createPlanQueries(deps.db).findTest(weekRow.level, weekRow.week);
  return withMediaUrls(
    {
      book_info: presentBookInfo(book, reader, unlocked.has(bookId)),
      level: weekRow.level,
      week: weekRow.week,
      theme_cn: week.theme_cn,
      courses,
      video_process_id: courses.find((c) => c.kind === 'video')?.process_id ?? null,
      test_process_id: test?.processId ?? null,
    },
    deps,
  );
}

/** GET /api/v1/learning/book/{id}/test_content: the week's quiz (its last major course). */
export async function bookTestContent(
  deps: AppDeps,
  log: FastifyBaseLogger,
  userId: number | null,
  bookId: number,
) {
  const weekRow = await weekOfBookOrFail(deps, bookId);
  const test = await createPlanQueries(deps.db).findTest(weekRow.level, weekRow.week);
  if (test?.content.kind !== 'parts') {
    throw new AppError(ErrorCode.RecordNotFound, '这本绘本还没有小测');
  }
  const plan = await loadPlan(deps, deps.db, userId, weekRow.level, log);
  assertCourseOpen(plan, test.uuid);
  return withMediaUrls(
    { process_id: test.processId, uuid: test.uuid, list: test.content.parts },
    deps,
  );
}

/** GET/POST /api/v1/user/level/{id}: the child's progress in a level; POST makes it theirs. */
export async function userLevel(
  deps: AppDeps,
  log: FastifyBaseLogger,
  userId: number,
  level: number,
  type: number,
  choose: boolean,
) {
  if (choose) await deps.db.update(users).set({ level }).where(eq(users.id, userId));
  const [plan, rows] = await Promise.all([
    loadPlan(deps, deps.db, userId, level, log),
    deps.db.select({ level: users.level }).from(users).where(eq(users.id, userId)).limit(1),
  ]);
  const mark = currentStageMark(plan.weeks);
  const markWeek = mark ? plan.weeks[mark.week] : undefined;
  return {
    level,
    type,
    is_current: rows[0]?.level === level,
    finish_num: plan.weeks.reduce((n, w) => n + w.finish_num, 0),
    course_num: plan.weeks.reduce((n, w) => n + w.course_num, 0),
    current:
      mark && markWeek
        ? { week: markWeek.week, stage: markWeek.stages[mark.stage]?.stage ?? 1 }
        : null,
  };
}
