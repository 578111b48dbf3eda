import {
  ErrorCode,
  type TCourseAnswer,
  type TCourseReport,
  type TRedoResult,
} from '@picbook/contracts';
import {
  type CourseItem,
  courseItems,
  courseScore,
  courseStars,
  itemPart,
  mergeRedo,
  partAccuracy,
} from '@picbook/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../platform/db/client';
import { courseReports, courses, type ReportItemJson } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError, invalidParams } from '../../platform/errors';
import { readBalances } from '../../platform/ledger/ledger';
import { recordingUrl } from '../../platform/storage/serve-uploads';
import { unixSeconds } from '../../platform/time';
import { checkSubmitRate, courseRewardRule, scoreItems, settleCourseReward } from '../study-plan';

export type ReportRow = typeof courseReports.$inferSelect;
export type ReportCourseRow = typeof courses.$inferSelect;

const notFound = () => new AppError(ErrorCode.RecordNotFound, '这份学习报告不存在');

/**
 * A report of this family, with its course. Another family's report answers exactly like a
 * missing one (10024), so ids say nothing about other families.
 */
export async function loadOwnReport(
  db: DbOrTx,
  userId: number,
  reportId: number,
): Promise<{ report: ReportRow; course: ReportCourseRow }> {
  const [row] = await db
    .select({ report: courseReports, course: courses })
    .from(courseReports)
    .innerJoin(courses, eq(courses.uuid, courseReports.courseUuid))
    .where(and(eq(courseReports.id, reportId), eq(courseReports.userId, userId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

function partTypes(course: ReportCourseRow): Map<number, string> {
  const content = course.content;
  if (content.kind === 'video') return new Map([[1, 'video']]);
  return new Map(content.parts.map((p) => [p.part, p.type]));
}

/** Every item of a report as the report screens show it (recordings signed for the family). */
export function presentItems(
  deps: Pick<AppDeps, 'urlSigner'>,
  userId: number,
  course: ReportCourseRow,
  items: readonly ReportItemJson[],
): TCourseReport['items'] {
  const defs = new Map<string, CourseItem>(courseItems(course.content).map((i) => [i.id, i]));
  const types = partTypes(course);
  return items.map((item) => {
    const def = defs.get(item.id);
    const part = itemPart(item.id);
    const key = item.audio_url?.replace(/^\/uploads\//, '');
    return {
      id: item.id,
      part,
      part_type: types.get(part) ?? '',
      exam_type: item.exam_type,
      kind: def?.kind ?? 'choice',
      score: item.score,
      answered: item.answered,
      text:
        def?.kind === 'speak'
          ? (def.texts?.[0] ?? null)
          : def?.kind === 'spell'
            ? (def.answer ?? null)
            : null,
      audio_url: key ? recordingUrl(deps, key, userId, userId) : null,
    };
  });
}

/** GET /api/v1/reports: one course report. */
export async function courseReport(
  deps: AppDeps,
  userId: number,
  reportId: number,
): Promise<TCourseReport> {
  const { report, course } = await loadOwnReport(deps.db, userId, reportId);
  const items = presentItems(deps, userId, course, report.items);
  const types = partTypes(course);
  return {
    report_id: report.id,
    course: {
      uuid: course.uuid,
      process_id: course.processId,
      title_cn: course.titleCn,
      title_en: course.titleEn,
      level: course.level,
      week: course.week,
      stage: course.stage,
      book_id: course.bookId,
    },
    score: report.score,
    stars: report.stars,
    study_time: report.studyTime,
    created_at: unixSeconds(report.createdAt),
    redo_count: report.redoCount,
    parts: partAccuracy(report.items).map((p) => ({ ...p, part_type: types.get(p.part) ?? '' })),
    items,
    reward: report.reward,
  };
}

/** Below three stars: what a redo offers. */
const WEAK = 90;

/** GET /api/v1/reports/redo: the items to do again (course_id is the course's process id). */
export async function reportRedo(
  deps: AppDeps,
  userId: number,
  query: { report_id: number; course_id: number },
) {
  const { report, course } = await loadOwnReport(deps.db, userId, query.report_id);
  if (course.processId !== query.course_id) {
    throw invalidParams('course_id', 'course_id 与报告的课程不一致');
  }
  const items = presentItems(deps, userId, course, report.items);
  const weak = items.filter((i) => i.score < WEAK).map((i) => i.id);
  return {
    report_id: report.id,
    process_id: course.processId,
    uuid: course.uuid,
    redo_ids: weak.length > 0 ? weak : items.map((i) => i.id),
    items,
  };
}

/** GET /api/v1/reports/redo/core_words and /pronounce: word or recorded items of a report. */
export async function reportRedoItems(
  deps: AppDeps,
  userId: number,
  query: { report_id: number; type: number },
  which: 'words' | 'pronounce',
) {
  const { report, course } = await loadOwnReport(deps.db, userId, query.report_id);
  const items = presentItems(deps, userId, course, report.items).filter((i) =>
    which === 'pronounce' ? i.kind === 'speak' : i.part_type.startsWith('word_'),
  );
  return {
    report_id: report.id,
    type: query.type,
    items: query.type === 1 ? items.filter((i) => i.score < WEAK) : items,
  };
}

/**
 * A redo of a report (POST /api/v1.2/reports/redo, POST /api/v1/reports/redo/pronounce): the
 * answers are scored on the server like a submit; an item's score is replaced only by a better
 * one, the report's score follows, and the course reward pays only what the better best score
 * adds (exactly once over all submits and redos: settleCourseReward).
 */
export async function redoReport(
  deps: AppDeps,
  log: FastifyBaseLogger,
  userId: number,
  input: {
    report_id: number;
    answers: TCourseAnswer[];
    study_time: number;
    process_id?: number;
    uuid?: string;
  },
): Promise<TRedoResult> {
  await checkSubmitRate(deps, userId);
  const { report, course } = await loadOwnReport(deps.db, userId, input.report_id);
  if (input.process_id !== undefined && input.process_id !== course.processId) {
    throw invalidParams('process_id', 'process_id 与报告的课程不一致');
  }
  if (input.uuid !== undefined && input.uuid !== course.uuid) {
    throw invalidParams('uuid', 'uuid 与报告的课程不一致');
  }
  const [{ report: scored }, rule] = await Promise.all([
    scoreItems(deps, log, userId, course, input),
    courseRewardRule(deps, log),
  ]);
  const result = await deps.db.transaction(async (tx) => {
    // The report row is locked: two redos at once merge in turn.
    const [locked] = await tx
      .select()
      .from(courseReports)
      .where(eq(courseReports.id, report.id))
      .for('update');
    if (!locked) throw notFound();
    const merged = mergeRedo(locked.items, scored);
    const score = courseScore(merged.items.map((i) => ({ ...i, part: itemPart(i.id) })));
    await tx
      .update(courseReports)
      .set({
        items: merged.items,
        score,
        stars: courseStars(score),
        studyTime: sql`${courseReports.studyTime} + ${input.study_time}`,
        redoCount: sql`${courseReports.redoCount} + ${merged.improved.length}`,
        redoneAt: deps.clock.now(),
      })
      .where(eq(courseReports.id, report.id));
    const { pay } = await settleCourseReward(tx, {
      userId,
      course,
      score,
      rule,
      finished: false,
      now: deps.clock.now(),
    });
    return { merged, score, pay };
  });
  const balances = await readBalances(deps.db, userId);
  return {
    report_id: report.id,
    score: result.score,
    stars: courseStars(result.score),
    improved: result.merged.improved,
    items: presentItems(deps, userId, course, result.merged.items),
    reward: result.pay,
    balances: { coins: balances.coins, credits: balances.credits, diamonds: balances.diamonds },
  };
}

/** POST /api/v1/reports/redo/pronounce: new recordings for a report's speak items. */
export async function redoPronounce(
  deps: AppDeps,
  log: FastifyBaseLogger,
  userId: number,
  body: { report_id: number; answers: Array<{ id: string; audio_url: string }> },
): Promise<TRedoResult> {
  const { course } = await loadOwnReport(deps.db, userId, body.report_id);
  const speak = new Map(
    courseItems(course.content)
      .filter((i) => i.kind === 'speak')
      .map((i) => [i.id, i]),
  );
  const answers: TCourseAnswer[] = body.answers.map((a, k) => {
    const item = speak.get(a.id);
    if (!item) throw invalidParams(`answers.${k}`, `题目 ${a.id} 不是这份报告里的录音题`);
    return {
      exam_type: item.examType,
      score_type: 0,
      exam_detail: { id: a.id, audio_url: a.audio_url },
    } as TCourseAnswer;
  });
  return redoReport(deps, log, userId, { report_id: body.report_id, answers, study_time: 0 });
}
