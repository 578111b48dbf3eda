import {
  ErrorCode,
  type TCourseAnswer,
  type TCourseResult,
  type TSubmitCourseBody,
} from '@picbook/contracts';
import {
  type CourseItem,
  choiceScore,
  courseItems,
  courseRewardWorth,
  courseScore,
  courseStars,
  openAnswerScore,
  readScore,
  type ScoredItem,
  spellScore,
} from '@picbook/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../platform/db/client';
import { courseProgress, courseReports, type ReportItemJson } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError, invalidParams } from '../../platform/errors';
import { postInTransaction, readBalances } from '../../platform/ledger/ledger';
import { loadConfigs } from '../configs';
import { findOwnRecording, judgeStoredRecording } from '../speech';
import { assertCourseOpen } from './course-access';
import { type CourseRow, createPlanQueries } from './plan.queries';
import { loadPlan } from './plan-view';

/** Course submits per user per minute. */
const SUBMIT_RULES = [{ limit: 40, windowMs: 60_000 }];

/** Verdicts that mean the child did not really speak. */
const SILENT = new Set(['no_voice', 'too_short']);

/**
 * A choice item's tries: `answer` ("b,a") in the standard and text formats; the tip answers (the
 * tries in order) in the title-and-tips format of exam types 10 and 11 (reading comprehension).
 */
function choiceTries(detail: TCourseAnswer['exam_detail']): string {
  if (detail.answer !== undefined) return detail.answer;
  const tips = (detail as { tip_answers?: unknown }).tip_answers;
  return Array.isArray(tips)
    ? tips
        .filter((t) => typeof t === 'string')
        .join(',')
        .slice(0, 64)
    : '';
}

/** The submitted answers by item id, checked against the course (400 / 10001 naming answers). */
function answersById(items: readonly CourseItem[], answers: readonly TCourseAnswer[]) {
  const byId = new Map(items.map((i) => [i.id, i]));
  const out = new Map<string, TCourseAnswer['exam_detail']>();
  answers.forEach((a, k) => {
    const id = a.exam_detail.id;
    const item = byId.get(id);
    if (!item) throw invalidParams(`answers.${k}`, `这节课没有编号为 ${id} 的题目`);
    if (item.examType !== a.exam_type) {
      throw invalidParams(`answers.${k}`, `题目 ${id} 的 exam_type 应为 ${item.examType}`);
    }
    if (item.kind === 'speak' && a.exam_detail.audio_url === undefined) {
      throw invalidParams(`answers.${k}`, `题目 ${id} 需要 audio_url（录音）`);
    }
    out.set(id, a.exam_detail);
  });
  return out;
}

/**
 * Scores every item on the server: recordings by the server's own judge (against the item's text,
 * open questions against the nearest model answer), choices by the tries against the key, reading
 * by the time spent (never more than the course's study time). The client's scores are ignored.
 */
export async function scoreItems(
  deps: AppDeps,
  log: FastifyBaseLogger,
  userId: number,
  course: CourseRow,
  body: { answers: TCourseAnswer[]; study_time: number },
): Promise<{ scored: ScoredItem[]; report: ReportItemJson[] }> {
  const items = courseItems(course.content);
  const answers = answersById(items, body.answers);
  const scored: ScoredItem[] = [];
  const report: ReportItemJson[] = [];
  for (const item of items) {
    const detail = answers.get(item.id);
    let score = 0;
    const entry: ReportItemJson = {
      id: item.id,
      exam_type: item.examType,
      score: 0,
      answered: Boolean(detail),
    };
    if (detail && item.kind === 'choice') {
      entry.answer = choiceTries(detail);
      score = choiceScore(entry.answer, item.answer ?? '');
    } else if (detail && item.kind === 'spell') {
      entry.answer = detail.answer ?? '';
      score = spellScore(entry.answer, item.answer ?? '');
    } else if (detail && item.kind === 'read') {
      entry.read_time = Math.min(detail.read_time ?? 0, body.study_time);
      score = readScore(entry.read_time, item.seconds ?? 0);
    } else if (detail && item.kind === 'speak') {
      const field = `answers.${item.id}.audio_url`;
      const recording = await findOwnRecording(deps, userId, detail.audio_url ?? '', field);
      // Stored unsigned: whoever presents the report signs it for its viewer (recordingUrl).
      entry.audio_url = `/uploads/${recording.key}`;
      const judged = [];
      for (const text of item.texts ?? []) {
        judged.push(await judgeStoredRecording(deps, log, recording, text, field));
      }
      const scores = judged.map((j) => j.result?.score ?? 0);
      if (item.open) {
        const spoke = judged.some((j) => j.result && !SILENT.has(j.result.verdict));
        score = openAnswerScore(scores, spoke);
      } else {
        score = scores[0] ?? 0;
      }
    }
    entry.score = score;
    scored.push({ id: item.id, part: item.part, score, answered: entry.answered });
    report.push(entry);
  }
  return { scored, report };
}

/**
 * POST /api/v1.2/learning/course: validates the answers against the course, scores them on the
 * server, stores a course report, marks the course finished (what follows opens by the plan's
 * rules) and pays the course reward once per course: what its best score is worth (stars → coins,
 * three stars → diamonds) beyond what it paid before. The progress row is locked while paying, so
 * a replayed or concurrent submit pays once; the ledger's idempotency key (per level of payment)
 * is the last guard.
 */
export async function submitCourse(
  deps: AppDeps,
  log: FastifyBaseLogger,
  userId: number,
  body: TSubmitCourseBody,
): Promise<TCourseResult> {
  await checkSubmitRate(deps, userId);
  const course = await createPlanQueries(deps.db).findByProcessId(body.process_id);
  if (!course)
    throw new AppError(ErrorCode.RecordNotFound, '这节课不存在或已下架', { field: 'process_id' });
  if (course.uuid !== body.uuid) throw invalidParams('uuid', 'uuid 与 process_id 不是同一节课');
  const plan = await loadPlan(deps, deps.db, userId, course.level, log);
  assertCourseOpen(plan, course.uuid);
  const [{ scored, report }, rule] = await Promise.all([
    scoreItems(deps, log, userId, course, body),
    courseRewardRule(deps, log),
  ]);
  const score = courseScore(scored);
  const result = await deps.db.transaction((tx) =>
    payCourse(tx, {
      userId,
      course,
      score,
      rule,
      report,
      studyTime: body.study_time,
      ref: body.ref,
      now: deps.clock.now(),
    }),
  );
  const balances = await readBalances(deps.db, userId);
  return {
    ...result,
    score,
    stars: courseStars(score),
    items: scored.map(({ id, score: s, answered }) => ({ id, score: s, answered })),
    status: 2,
    balances: { coins: balances.coins, credits: balances.credits, diamonds: balances.diamonds },
  };
}

/**
 * Scoring may run the judge again for each recording: a child submits (or redoes) a few courses
 * a minute.
 */
export async function checkSubmitRate(deps: AppDeps, userId: number): Promise<void> {
  const limit = await deps.rateLimiter.hit(
    `course:${userId}`,
    SUBMIT_RULES,
    deps.clock.now().getTime(),
  );
  if (!limit.allowed) throw new AppError(ErrorCode.TooManyRequests, '提交得太快啦，休息一下再试吧');
}

/** The course reward rule of the configs (decision 029). */
export async function courseRewardRule(deps: AppDeps, log: FastifyBaseLogger) {
  const configs = await loadConfigs(deps.db, log);
  return {
    max_coins: configs.study_plan_rewards.course_max_coins,
    diamonds_three_stars: configs.study_plan_rewards.course_diamonds_three_stars,
  };
}

async function payCourse(
  tx: Tx,
  input: {
    userId: number;
    course: CourseRow;
    score: number;
    rule: { max_coins: number; diamonds_three_stars: number };
    report: ReportItemJson[];
    studyTime: number;
    ref: string;
    now: Date;
  },
) {
  const { userId, course } = input;
  const { pay, best } = await settleCourseReward(tx, { ...input, finished: true });
  const [saved] = await tx
    .insert(courseReports)
    .values({
      userId,
      courseUuid: course.uuid,
      processId: course.processId,
      score: input.score,
      stars: courseStars(input.score),
      studyTime: input.studyTime,
      ref: input.ref,
      items: input.report,
      reward: pay,
    })
    .returning({ id: courseReports.id });
  return { report_id: saved?.id ?? 0, reward: pay, best_score: best };
}

/**
 * Pays what a course's best score is worth beyond what it paid before (locks the progress row;
 * the ledger key per level of payment is the last guard), so any number of submits and redos
 * pay a course's worth exactly once. `finished` counts a finish (a submit, not a redo).
 */
export async function settleCourseReward(
  tx: Tx,
  input: {
    userId: number;
    course: CourseRow;
    score: number;
    rule: { max_coins: number; diamonds_three_stars: number };
    finished: boolean;
    /** The clock's time: the first and last finish. */
    now: Date;
  },
): Promise<{ pay: { coins: number; diamonds: number }; best: number }> {
  const { userId, course, score } = input;
  const key = and(eq(courseProgress.userId, userId), eq(courseProgress.courseUuid, course.uuid));
  await tx.insert(courseProgress).values({ userId, courseUuid: course.uuid }).onConflictDoNothing();
  // The row that decides what was paid: locked, so concurrent submits of this course pay in turn.
  const [row] = await tx.select().from(courseProgress).where(key).for('update');
  if (!row) throw new Error('course progress row missing');
  const best = Math.max(row.bestScore, score);
  const worth = courseRewardWorth(best, input.rule);
  const pay = {
    coins: Math.max(0, worth.coins - row.paidCoins),
    diamonds: Math.max(0, worth.diamonds - row.paidDiamonds),
  };
  const paid = { coins: row.paidCoins + pay.coins, diamonds: row.paidDiamonds + pay.diamonds };
  if (pay.coins > 0 || pay.diamonds > 0) {
    await postInTransaction(tx, {
      userId,
      idempotencyKey: `course:${userId}:${course.uuid}:c${paid.coins}:d${paid.diamonds}`,
      reason: `course:${course.processId}`,
      lines: [
        { currency: 'coins', delta: pay.coins },
        { currency: 'diamonds', delta: pay.diamonds },
      ],
    });
  }
  const { now } = input;
  await tx
    .update(courseProgress)
    .set({
      bestScore: best,
      stars: courseStars(best),
      finishCount: input.finished
        ? sql`${courseProgress.finishCount} + 1`
        : courseProgress.finishCount,
      paidCoins: paid.coins,
      paidDiamonds: paid.diamonds,
      firstFinishedAt: row.firstFinishedAt ?? now,
      lastFinishedAt: input.finished ? now : (row.lastFinishedAt ?? now),
    })
    .where(key);
  return { pay, best };
}
