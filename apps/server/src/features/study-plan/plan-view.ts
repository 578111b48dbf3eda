import type {
  TCourseRef,
  TPlanCourse,
  TPlanReward,
  TPlanStage,
  TPlanWeek,
  TStudyPlan,
} from '@picbook/contracts';
import {
  currentStageMark,
  finishFlag,
  hasActiveRight,
  PLANNING_RIGHTS,
  type PlanStatus,
  planStatuses,
} from '@picbook/domain';
import type { DbOrTx } from '../../platform/db/client';
import type { AppDeps } from '../../platform/deps';
import { withMediaUrls } from '../../platform/media/media-url';
import { loadConfigs } from '../configs';
import { loadReader, type Reader } from '../library';
import { type CourseHead, createPlanQueries, type ProgressRow, type WeekRow } from './plan.queries';

/** Weeks every child may try without a planning right (decision 028). */
export const FREE_WEEKS = [1] as const;

export interface PlanAccess {
  full: boolean;
  isGuest: boolean;
}

export function planAccess(reader: Reader): PlanAccess {
  return {
    full: hasActiveRight(reader.rights, PLANNING_RIGHTS, reader.now),
    isGuest: reader.isGuest,
  };
}

export const canAccessWeek = (access: PlanAccess, week: number) =>
  access.full || (FREE_WEEKS as readonly number[]).includes(week);

type Rewards = {
  stage_coins: number;
  stage_diamonds: number;
  week_coins: number;
  week_diamonds: number;
};

/** Everything a level's plan is made of, for one child, with the statuses worked out. */
export interface PlanData {
  level: number;
  access: PlanAccess;
  weeks: TPlanWeek[];
  /** Course heads by uuid, and the plan order. */
  courses: CourseHead[];
  weekRows: WeekRow[];
}

const reward = (coins: number, diamonds: number, status: PlanStatus): TPlanReward => ({
  coins,
  diamonds,
  status,
});

function presentCourse(c: CourseHead, status: PlanStatus, p: ProgressRow | undefined): TPlanCourse {
  return {
    uuid: c.uuid,
    process_id: c.processId,
    kind: c.partTypes.length === 0 ? 'video' : 'parts',
    title_cn: c.titleCn,
    title_en: c.titleEn,
    duration: c.duration,
    sub_path: c.subPath === 2 ? 2 : 1,
    position: c.position,
    part_types: c.partTypes,
    status,
    best_score: p?.bestScore ?? 0,
    stars: p?.stars ?? 0,
  };
}

export function courseRef(
  c: Pick<
    CourseHead,
    'processId' | 'level' | 'week' | 'stage' | 'subPath' | 'position' | 'titleCn'
  > & { kind: 'video' | 'parts' },
): TCourseRef {
  return {
    process_id: c.processId,
    kind: c.kind,
    level: c.level,
    week: c.week,
    stage: c.stage,
    sub_path: c.subPath,
    position: c.position,
    title_cn: c.titleCn,
  };
}

/** Loads a level's plan for a reader (no token: a guest) and works out every status. */
export async function loadPlan(
  deps: AppDeps,
  db: DbOrTx,
  userId: number | null,
  level: number,
  log: Parameters<typeof loadConfigs>[1],
): Promise<PlanData> {
  const q = createPlanQueries(db);
  const [reader, weekRows, heads, configs] = await Promise.all([
    loadReader(db, userId, deps.clock.now()),
    q.weeksOf(level),
    q.coursesOf(level),
    loadConfigs(db, log),
  ]);
  const [progress, claims, books] = await Promise.all([
    userId === null
      ? new Map<string, ProgressRow>()
      : q.progressOf(
          userId,
          heads.map((c) => c.uuid),
        ),
    userId === null ? new Set<string>() : q.claimsOf(userId, level),
    q.booksOf(weekRows.map((w) => w.bookId)),
  ]);
  const access = planAccess(reader);
  const rules: Rewards = configs.study_plan_rewards;
  const at = (week: number, stage: number, sub: number) =>
    heads.filter((c) => c.week === week && c.stage === stage && c.subPath === sub);
  const shape = {
    weeks: weekRows.map((w) => ({
      week: w.week,
      stages: w.days.map((d) => ({
        major: at(w.week, d.stage, 1).map((c) => c.uuid),
        minor: at(w.week, d.stage, 2).map((c) => c.uuid),
      })),
    })),
  };
  const finished = new Set(
    [...progress.values()].filter((p) => p.finishCount > 0).map((p) => p.courseUuid),
  );
  const statuses = planStatuses(shape, finished, (week) => canAccessWeek(access, week));
  const lockReason = (week: number, status: PlanStatus) => {
    if (status !== 0) return null;
    if (!canAccessWeek(access, week)) return access.isGuest ? ('login' as const) : ('vip' as const);
    return 'order' as const;
  };

  const weeks = weekRows.map((w, wi): TPlanWeek => {
    const ws = statuses.weeks[wi] ?? { status: 0 as const, stages: [] };
    const stages = w.days.map((d, si): TPlanStage => {
      const ss = ws.stages[si] ?? { status: 0 as const, major: [], minor: [] };
      const claimed = claims.has(`${w.week}:${d.stage}`);
      return {
        stage: d.stage,
        title_cn: d.title_cn,
        title_en: d.title_en,
        status: ss.status,
        lock_reason: lockReason(w.week, ss.status),
        reward: reward(
          rules.stage_coins,
          rules.stage_diamonds,
          claimed ? 2 : ss.status === 2 ? 1 : 0,
        ),
        major: {
          courses: at(w.week, d.stage, 1).map((c, i) =>
            presentCourse(c, ss.major[i] ?? 0, progress.get(c.uuid)),
          ),
        },
        minor: {
          courses: at(w.week, d.stage, 2).map((c, i) =>
            presentCourse(c, ss.minor[i] ?? 0, progress.get(c.uuid)),
          ),
        },
      };
    });
    const all = stages.flatMap((s) => [...s.major.courses, ...s.minor.courses]);
    const done = all.filter((c) => c.status === 2);
    const majorDone = stages.flatMap((s) => s.major.courses).filter((c) => c.status === 2);
    const book = books.get(w.bookId);
    return {
      week: w.week,
      world: w.world,
      book: {
        id: w.bookId,
        title_en: book?.titleEn ?? '',
        title_cn: book?.titleCn ?? '',
        cover: book?.cover ?? { image: '', image_small: '', placeholder: '' },
      },
      theme_cn: w.themeCn,
      theme_en: w.themeEn,
      status: ws.status,
      lock_reason: lockReason(w.week, ws.status),
      reward: reward(
        rules.week_coins,
        rules.week_diamonds,
        claims.has(`${w.week}:0`) ? 2 : ws.status === 2 ? 1 : 0,
      ),
      stages,
      week_star: all.reduce((n, c) => n + c.stars, 0),
      book_star:
        majorDone.length === 0
          ? 0
          : Math.round(majorDone.reduce((n, c) => n + c.stars, 0) / majorDone.length),
      finish_num: done.length,
      course_num: all.length,
      finish_flag: finishFlag(done.length, all.length),
    };
  });
  return { level, access, weeks, courses: heads, weekRows };
}

/** The plan answer of GET /api/v1/study_plan (media through withMediaUrls). */
export function presentPlan(
  data: PlanData,
  type: number,
  deps: Pick<AppDeps, 'urlSigner'>,
): TStudyPlan {
  const worlds = [...new Set(data.weeks.map((w) => w.world))].sort((a, b) => a - b);
  const mark = currentStageMark(data.weeks);
  const currentWorld = mark ? (data.weeks[mark.week]?.world ?? 1) : 1;
  const open = data.weeks.filter((w) => w.status !== 0);
  return withMediaUrls(
    {
      level: data.level,
      type,
      weeks: data.weeks,
      worlds: worlds.map((world) => ({
        world,
        weeks: data.weeks.filter((w) => w.world === world).map((w) => w.week),
      })),
      level_finish_num: data.weeks.reduce((n, w) => n + w.finish_num, 0),
      course_num: data.weeks.reduce((n, w) => n + w.course_num, 0),
      book_num: data.weeks.length,
      allow_week: open.at(-1)?.week ?? 0,
      paging: {
        current_page: Math.max(1, worlds.indexOf(currentWorld) + 1),
        page_count: worlds.length,
      },
      access: { full: data.access.full, free_weeks: [...FREE_WEEKS] },
    },
    deps,
  );
}

/** A course of the plan with its week and stage as presented. */
export function findInPlan(data: PlanData, uuid: string) {
  for (const week of data.weeks) {
    for (const stage of week.stages) {
      for (const course of [...stage.major.courses, ...stage.minor.courses]) {
        if (course.uuid === uuid) return { week, stage, course };
      }
    }
  }
  return null;
}

/** The course after `uuid` in plan order that is open now (the day's next, else the next day's). */
export function nextCourse(data: PlanData, uuid: string): TCourseRef | null {
  const order = data.weeks.flatMap((w) =>
    w.stages.flatMap((s) => [...s.major.courses, ...s.minor.courses].map((c) => ({ w, s, c }))),
  );
  const at = order.findIndex((x) => x.c.uuid === uuid);
  const next = order.slice(at + 1).find((x) => x.c.status === 1);
  if (!next) return null;
  const head = data.courses.find((c) => c.uuid === next.c.uuid);
  return head ? courseRef({ ...head, kind: next.c.kind }) : null;
}
