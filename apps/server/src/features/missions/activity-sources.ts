import { MISSION_TYPE } from '@picbook/domain';
import type { DbOrTx } from '../../platform/db/client';
import { type ActivityCount, createActivityQueries, type Window } from './activity.queries';

export type { Window } from './activity.queries';

/**
 * Something a family is rewarded for, earned from real learning events: the points mall's tasks
 * and the growth missions (decision 054) are both made of these. `count` says how often the
 * event happened within the window (for the points' once/each tasks: ever). Adding a source is
 * one more entry in {@link TASK_SOURCES} or {@link MISSION_SOURCES}; nothing else changes.
 */
export interface ActivitySource<Kind extends string> {
  /** Stable id: claim rows, mission rows and the receive endpoints use it. */
  id: string;
  kind: Kind;
  title: string;
  desc: string;
  /** Events needed for one reward. */
  target: number;
  /** The app path where the family does it. */
  link: string | null;
  count(db: DbOrTx, userId: number, window: Window): Promise<number>;
}

/** One of the counts of activity.queries.ts as a source's `count`. */
const counting =
  (name: ActivityCount) =>
  (db: DbOrTx, userId: number, window: Window): Promise<number> =>
    createActivityQueries(db)[name](userId, window);

/** A China day as a half-open time window. */
export type DayWindow = Window;

/** A points-mall task: daily (once per China day), once (ever) or each (once per event). */
export interface TaskSource extends ActivitySource<'daily' | 'once' | 'each'> {
  /** Default points (operators override them in configs points_rules.task_points). */
  points: number;
}

export const TASK_SOURCES: readonly TaskSource[] = [
  {
    id: 'read_daily',
    kind: 'daily',
    title: '每天读一本绘本',
    desc: '今天读任意一本绘本',
    points: 10,
    target: 1,
    link: '/library',
    count: counting('booksRead'),
  },
  {
    id: 'practice_daily',
    kind: 'daily',
    title: '完成一次跟读或口语练习',
    desc: '今天跟读或口语练习读完一本绘本',
    points: 10,
    target: 1,
    link: '/library',
    count: counting('worksFinished'),
  },
  {
    id: 'finish_book',
    kind: 'each',
    title: '读完一本新绘本',
    desc: '每读完一本没读完过的绘本',
    points: 20,
    target: 1,
    link: '/library',
    count: counting('booksFinishedEver'),
  },
  {
    id: 'invite',
    kind: 'each',
    title: '邀请好友注册',
    desc: '好友用你的邀请码注册成功',
    points: 100,
    target: 1,
    link: '/parents/points/invite',
    count: counting('inviteesRegistered'),
  },
];

export const findTaskSource = (id: string): TaskSource | undefined =>
  TASK_SOURCES.find((t) => t.id === id);

/** A growth mission: daily sources make one mission per China day, weekly ones one per week. */
export interface MissionSource extends ActivitySource<'daily' | 'weekly'> {
  type: number;
  coins: number;
  diamonds: number;
  link: string;
  /** What `count` counts: the growth hints ask all sources' counts in one statement. */
  measure: ActivityCount;
}

export const MISSION_SOURCES: readonly MissionSource[] = [
  {
    id: 'read_book',
    kind: 'daily',
    type: MISSION_TYPE.readBook,
    title: '读完一本绘本',
    desc: '今天从头到尾读完任意一本绘本',
    target: 1,
    coins: 5,
    diamonds: 0,
    link: '/library',
    measure: 'booksFinished',
    count: counting('booksFinished'),
  },
  {
    id: 'finish_course',
    kind: 'daily',
    type: MISSION_TYPE.finishCourse,
    title: '完成一节课',
    desc: '今天在学习计划里完成一节课',
    target: 1,
    coins: 5,
    diamonds: 0,
    link: '/learning',
    measure: 'coursesFinished',
    count: counting('coursesFinished'),
  },
  {
    id: 'read_aloud',
    kind: 'daily',
    type: MISSION_TYPE.readAloud,
    title: '跟读一本绘本',
    desc: '今天用跟读或口语练习读完一本绘本',
    target: 1,
    coins: 5,
    diamonds: 0,
    link: '/library',
    measure: 'worksFinished',
    count: counting('worksFinished'),
  },
  {
    id: 'streak',
    kind: 'weekly',
    type: MISSION_TYPE.streak,
    title: '坚持学习3天',
    desc: '这周有3天读绘本、上课或跟读',
    target: 3,
    coins: 20,
    diamonds: 2,
    link: '/library',
    measure: 'learningDays',
    count: counting('learningDays'),
  },
  {
    id: 'weekly_books',
    kind: 'weekly',
    type: MISSION_TYPE.weeklyBooks,
    title: '一周读完5本绘本',
    desc: '这周读完5本绘本',
    target: 5,
    coins: 20,
    diamonds: 2,
    link: '/library',
    measure: 'booksFinished',
    count: counting('booksFinished'),
  },
  {
    id: 'weekly_courses',
    kind: 'weekly',
    type: MISSION_TYPE.weeklyCourses,
    title: '一周完成3节课',
    desc: '这周在学习计划里完成3节课',
    target: 3,
    coins: 20,
    diamonds: 2,
    link: '/learning',
    measure: 'coursesFinished',
    count: counting('coursesFinished'),
  },
  {
    id: 'weekly_aloud',
    kind: 'weekly',
    type: MISSION_TYPE.levelBook,
    title: '一周跟读3本绘本',
    desc: '这周用跟读或口语练习读完3本绘本',
    target: 3,
    coins: 20,
    diamonds: 2,
    link: '/library',
    measure: 'worksFinished',
    count: counting('worksFinished'),
  },
];

export const FOOTPRINT_REWARD = { coins: 5, diamonds: 0 } as const;
/** Books per footprint day card. */
export const FOOTPRINT_BOOKS_PER_DAY = 2;
