import { z } from 'zod';
import { ZCourseContent, ZCoursePart } from './course-content';
import type { AreaEndpoints } from './endpoint-def';
import { INT4_MAX } from './ids';
import { ZBookIdParams, ZBookInfo, ZImageSet } from './library';
import { routes } from './routes';

/**
 * The study plan and courses (learning-content §3 "study plan list", "course", §7 learning and
 * plan calls). A level's plan: worlds → weeks → stages (days) → major and minor courses. The
 * calls name the week `world` (the weekly reward is `stage=0` of a world); `world` in a week
 * answer is the map island the week belongs to (decision 028).
 */
const level = z.coerce.number().int().min(1, 'level 为 1–6').max(6, 'level 为 1–6');
const week = z.coerce.number().int().min(1, 'world 为周序号（从 1 开始）').max(12);
const stage = z.coerce.number().int().min(1, 'stage 为 1–5 的学习日').max(7);
/** 20 the study plan, 21 the picture-book language edition (same plan and progress). */
const planType = (n: z.ZodNumber) =>
  n
    .int()
    .refine((t) => t === 20 || t === 21, 'type 为 20 或 21')
    .default(20);
/** 20, or 21 for the special picture-book language edition (§9). */
export const ZPlanType = planType(z.coerce.number());
const bodyLevel = z.number().int().min(1, 'level 为 1–6').max(6, 'level 为 1–6');
const bodyWeek = z.number().int().min(1, 'world 为周序号（从 1 开始）').max(12);

export const ZPlanStatus = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export const ZPlanReward = z.object({
  coins: z.number().int(),
  diamonds: z.number().int(),
  /** 0 not earned yet, 1 ready to collect, 2 received. */
  status: ZPlanStatus,
});
export type TPlanReward = z.infer<typeof ZPlanReward>;

/** Why a week, day or course cannot be opened yet: earlier days first, log in, or membership. */
export const ZLockReason = z.enum(['order', 'login', 'vip']).nullable();

export const ZPlanCourse = z.object({
  uuid: z.string(),
  process_id: z.number().int(),
  kind: z.enum(['video', 'parts']),
  title_cn: z.string(),
  title_en: z.string(),
  /** Expected minutes. */
  duration: z.number().int(),
  /** 1 major, 2 minor; position from 1 (the finish route's subPath and subStage). */
  sub_path: z.union([z.literal(1), z.literal(2)]),
  position: z.number().int(),
  /** Part types in order (empty for the story video). */
  part_types: z.array(z.string()),
  status: ZPlanStatus,
  best_score: z.number().int(),
  stars: z.number().int(),
});
export type TPlanCourse = z.infer<typeof ZPlanCourse>;

export const ZPlanStage = z.object({
  stage: z.number().int(),
  title_cn: z.string(),
  title_en: z.string(),
  status: ZPlanStatus,
  lock_reason: ZLockReason,
  reward: ZPlanReward,
  major: z.object({ courses: z.array(ZPlanCourse) }),
  minor: z.object({ courses: z.array(ZPlanCourse) }),
});
export type TPlanStage = z.infer<typeof ZPlanStage>;

export const ZPlanBook = z.object({
  id: z.number().int(),
  title_en: z.string(),
  title_cn: z.string(),
  cover: ZImageSet,
});

export const ZPlanWeek = z.object({
  week: z.number().int(),
  /** The island of the map this week is on. */
  world: z.number().int(),
  book: ZPlanBook,
  theme_cn: z.string(),
  theme_en: z.string(),
  status: ZPlanStatus,
  lock_reason: ZLockReason,
  reward: ZPlanReward,
  stages: z.array(ZPlanStage),
  /** Stars of the week's courses added up. */
  week_star: z.number().int(),
  /** The week's book rating: mean stars of its finished major courses (0–3). */
  book_star: z.number().int(),
  finish_num: z.number().int(),
  course_num: z.number().int(),
  /** 0 nothing finished, 1 some, 2 all. */
  finish_flag: z.union([z.literal(0), z.literal(1), z.literal(2)]),
});
export type TPlanWeek = z.infer<typeof ZPlanWeek>;

export const ZStudyPlanQuery = z.object({ level, type: ZPlanType });
export const ZStudyPlan = z.object({
  level: z.number().int(),
  type: z.number().int(),
  weeks: z.array(ZPlanWeek),
  worlds: z.array(z.object({ world: z.number().int(), weeks: z.array(z.number().int()) })),
  level_finish_num: z.number().int(),
  course_num: z.number().int(),
  book_num: z.number().int(),
  /** The last week the child may open now (0 when none). */
  allow_week: z.number().int(),
  /** Pages are the worlds; current_page is the world of the child's current week. */
  paging: z.object({ current_page: z.number().int(), page_count: z.number().int() }),
  /** Whether every week is open to this child (a planning right), and the weeks free to try. */
  access: z.object({ full: z.boolean(), free_weeks: z.array(z.number().int()) }),
});
export type TStudyPlan = z.infer<typeof ZStudyPlan>;

export const ZStageQuery = z.object({ level, world: week, stage, type: ZPlanType });
export const ZStageDetail = ZPlanStage.extend({
  level: z.number().int(),
  week: z.number().int(),
  book: ZPlanBook,
  theme_cn: z.string(),
});
export type TStageDetail = z.infer<typeof ZStageDetail>;

export const ZRewardReceive = z.object({
  level: bodyLevel,
  world: bodyWeek,
  /** 1–5 a day's reward, 0 the week's reward. */
  stage: z.number().int().min(0, 'stage 为 0（周奖励）或学习日').max(7),
});
export const ZBalances = z.object({
  coins: z.number().int(),
  credits: z.number().int(),
  diamonds: z.number().int(),
});
export const ZRewardReceived = z.object({
  coins: z.number().int(),
  diamonds: z.number().int(),
  status: z.literal(2),
  balances: ZBalances,
});

export const ZRandIdQuery = z.object({
  book_id: z.coerce.number().int().min(1, 'book_id 无效').max(999_999, 'book_id 无效'),
});
export const ZCourseRef = z.object({
  process_id: z.number().int(),
  kind: z.enum(['video', 'parts']),
  level: z.number().int(),
  week: z.number().int(),
  stage: z.number().int(),
  sub_path: z.number().int(),
  position: z.number().int(),
  title_cn: z.string(),
});
export type TCourseRef = z.infer<typeof ZCourseRef>;

export const ZProcessParams = z.object({
  id: z.coerce.number().int().min(1, 'process id 无效').max(9_999_999),
});
export const ZCourse = z.object({
  uuid: z.string(),
  process_id: z.number().int(),
  level: z.number().int(),
  week: z.number().int(),
  stage: z.number().int(),
  sub_path: z.number().int(),
  position: z.number().int(),
  title_cn: z.string(),
  title_en: z.string(),
  duration: z.number().int(),
  book_id: z.number().int(),
  content: ZCourseContent,
  status: ZPlanStatus,
  best_score: z.number().int(),
  stars: z.number().int(),
  /** The course after this one in the day (null after the last). */
  next: ZCourseRef.nullable(),
});
export type TCourse = z.infer<typeof ZCourse>;

export const ZLearningBook = z.object({
  book_info: ZBookInfo,
  level: z.number().int(),
  week: z.number().int(),
  theme_cn: z.string(),
  courses: z.array(ZPlanCourse.extend({ stage: z.number().int() })),
  video_process_id: z.number().int().nullable(),
  test_process_id: z.number().int().nullable(),
});
export type TLearningBook = z.infer<typeof ZLearningBook>;

export const ZTestContent = z.object({
  process_id: z.number().int(),
  uuid: z.string(),
  list: z.array(ZCoursePart),
});

/** One answer as the answer records convert it (learning-content §5): exam type and its detail. */
export const ZCourseAnswer = z.object({
  exam_type: z.number().int().min(-100).max(100),
  score_type: z.number().int().min(0).max(100).default(0),
  exam_detail: z
    .object({
      id: z.union([z.string().max(16), z.number()]).transform(String),
      audio_url: z.string().max(300).optional(),
      read_time: z
        .number()
        .min(0)
        .max(24 * 3600)
        .optional(),
      answer: z.string().max(64).optional(),
    })
    .passthrough(),
});
export type TCourseAnswer = z.infer<typeof ZCourseAnswer>;

export const ZSubmitCourse = z.object({
  uuid: z.string().min(1, 'uuid 不能为空').max(64),
  process_id: z.number().int().min(1, 'process_id 无效').max(INT4_MAX, 'process_id 无效'),
  /** Seconds the child spent on the course. */
  study_time: z
    .number()
    .int()
    .min(0)
    .max(24 * 3600),
  answers: z.array(ZCourseAnswer).max(200, 'answers 太多'),
  /** Where the course was started from (planning, book, quick …), kept with the report. */
  ref: z.string().max(32).default(''),
});
export type TSubmitCourse = z.input<typeof ZSubmitCourse>;
export type TSubmitCourseBody = z.output<typeof ZSubmitCourse>;

export const ZCourseResult = z.object({
  report_id: z.number().int(),
  score: z.number().int(),
  stars: z.number().int(),
  items: z.array(z.object({ id: z.string(), score: z.number().int(), answered: z.boolean() })),
  /** What this submit paid (a better score pays only what it adds). */
  reward: z.object({ coins: z.number().int(), diamonds: z.number().int() }),
  best_score: z.number().int(),
  status: z.literal(2),
  balances: ZBalances,
});
export type TCourseResult = z.infer<typeof ZCourseResult>;

export const ZStagePositionQuery = z.object({
  level,
  world: week,
  stage,
  sub_path: z.coerce.number().int().min(1, 'sub_path 为 1（主课）或 2（副课）').max(2),
  sub_stage: z.coerce.number().int().min(1, 'sub_stage 从 1 开始').max(10),
});
export const ZStageInfo = z.object({
  course: ZPlanCourse,
  stage: ZPlanStage,
  theme_cn: z.string(),
});
export const ZStageFinishInfo = z.object({
  course: ZPlanCourse,
  /** The child's last submit of this course: score, stars and what it paid. */
  last: z
    .object({
      report_id: z.number().int(),
      score: z.number().int(),
      stars: z.number().int(),
      coins: z.number().int(),
      diamonds: z.number().int(),
      /**
       * What the card may say about the reward, from the ledger: `paid` (coins/diamonds above were
       * paid by this finish), `not_earned` (nothing ever paid for this course: no stars yet), or
       * `collected` (an earlier finish paid what this one is worth).
       */
      reward_state: z.enum(['paid', 'not_earned', 'collected']),
    })
    .nullable(),
  stage: z.object({ status: ZPlanStatus, reward: ZPlanReward }),
  week: z.object({ status: ZPlanStatus, reward: ZPlanReward }),
  /** Where to go next: the next course of the day, or the next day's first. */
  next: ZCourseRef.nullable(),
  balances: ZBalances,
});
export type TStageFinishInfo = z.infer<typeof ZStageFinishInfo>;

export const ZCourseRewardInfo = z.object({
  process_id: z.number().int(),
  max_coins: z.number().int(),
  diamonds_three_stars: z.number().int(),
  best_score: z.number().int(),
  stars: z.number().int(),
  paid_coins: z.number().int(),
  paid_diamonds: z.number().int(),
});

export const ZUserLevelParams = z.object({ id: level });
export const ZUserLevelQuery = z.object({ type: ZPlanType });
export const ZUserLevelBody = z.object({ type: planType(z.number()) });
export const ZUserLevel = z.object({
  level: z.number().int(),
  type: z.number().int(),
  /** Whether this is the child's chosen level (user.level). */
  is_current: z.boolean(),
  finish_num: z.number().int(),
  course_num: z.number().int(),
  /** Week and day of the current-stage mark (null when the level has no plan). */
  current: z.object({ week: z.number().int(), stage: z.number().int() }).nullable(),
});

/** The endpoint table's entries of this area (endpoints.ts assembles the areas). */
export const studyPlanEndpoints = {
  studyPlan: {
    ...routes.studyPlan,
    summary: 'A level’s study plan: weeks, days, courses, statuses, daily and weekly rewards',
    tags: ['study-plan'],
    query: ZStudyPlanQuery,
    response: ZStudyPlan,
  },
  studyPlanStage: {
    ...routes.studyPlanStage,
    summary: 'One day of the plan (world = week): its major and minor courses',
    tags: ['study-plan'],
    query: ZStageQuery,
    response: ZStageDetail,
  },
  studyPlanReward: {
    ...routes.studyPlanReward,
    summary: 'Collect a day’s reward, or the week’s (stage 0): once, only when earned',
    tags: ['study-plan'],
    body: ZRewardReceive,
    response: ZRewardReceived,
  },
  studyPlanRandId: {
    ...routes.studyPlanRandId,
    summary: 'A course of the week built around a book (the next one to do, else one to review)',
    tags: ['study-plan'],
    query: ZRandIdQuery,
    response: ZCourseRef,
  },
  learningBook: {
    ...routes.learningBook,
    summary: 'A book in the study plan: its week and courses with statuses',
    tags: ['study-plan'],
    params: ZBookIdParams,
    response: ZLearningBook,
  },
  learningTestContent: {
    ...routes.learningTestContent,
    summary: 'The weekly quiz of a book’s week (parts and process id)',
    tags: ['study-plan'],
    params: ZBookIdParams,
    response: ZTestContent,
  },
  learningProcess: {
    ...routes.learningProcess,
    summary: 'A course by process id: content (video or parts), status, next course',
    tags: ['study-plan'],
    params: ZProcessParams,
    response: ZCourse,
  },
  submitCourse: {
    ...routes.submitCourse,
    summary:
      'Submit a course: answers scored on the server, report stored, course finished, reward paid once',
    tags: ['study-plan'],
    body: ZSubmitCourse,
    response: ZCourseResult,
  },
  stageInfo: {
    ...routes.stageInfo,
    summary: 'The course at a place of a day (sub_path 1 major / 2 minor, sub_stage its position)',
    tags: ['study-plan'],
    query: ZStagePositionQuery,
    response: ZStageInfo,
  },
  stageFinishInfo: {
    ...routes.stageFinishInfo,
    summary: 'After a course: its stars and pay, the day’s and week’s state, the next course',
    tags: ['study-plan'],
    query: ZStagePositionQuery,
    response: ZStageFinishInfo,
  },
  courseReward: {
    ...routes.courseReward,
    summary: 'What a course pays by score and what it has paid',
    tags: ['study-plan'],
    params: ZProcessParams,
    response: ZCourseRewardInfo,
  },
  userLevel: {
    ...routes.userLevel,
    summary: 'The child’s progress in a level’s plan',
    tags: ['study-plan'],
    params: ZUserLevelParams,
    query: ZUserLevelQuery,
    response: ZUserLevel,
  },
  setUserLevel: {
    ...routes.setUserLevel,
    summary: 'Choose the level the child follows',
    tags: ['study-plan'],
    params: ZUserLevelParams,
    body: ZUserLevelBody,
    response: ZUserLevel,
  },
} as const satisfies AreaEndpoints;
