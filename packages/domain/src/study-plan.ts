/**
 * Study plan rules (learning-content §3, §4, §6): statuses of weeks, stages (days) and courses,
 * the current-stage mark, the firstFinish / firstUnlock flags, quick start and reward claims.
 * Statuses: 0 locked, 1 unlocked or in progress, 2 finished. Reward status: 0 not earned yet,
 * 1 earned (claimable), 2 received.
 */
export type PlanStatus = 0 | 1 | 2;
export type RewardStatus = 0 | 1 | 2;

export interface PlanReward {
  coins: number;
  diamonds: number;
  status: RewardStatus;
}

export interface PlanCourseLike {
  status: PlanStatus;
}

export interface PlanStageLike {
  stage: number;
  status: PlanStatus;
  reward: PlanReward;
  major: { courses: PlanCourseLike[] };
  minor: { courses: PlanCourseLike[] };
}

export interface PlanWeekLike {
  week: number;
  status: PlanStatus;
  reward: PlanReward;
  stages: PlanStageLike[];
}

/** §4: "A stage is learning when unlocked and one of its major courses has status 2." */
export function isStageLearning(stage: PlanStageLike): boolean {
  return stage.status === 1 && stage.major.courses.some((c) => c.status === 2);
}

export interface StageMark {
  /** Index into the weeks and into that week's stages. */
  week: number;
  stage: number;
}

const unlockedAfterFinished = (stages: PlanStageLike[], i: number) =>
  i > 0 && stages[i]?.status === 1 && stages[i - 1]?.status === 2;

/**
 * The current-stage mark (§4): "scanning weeks from the last, the first week with status 1 whose
 * stage is learning gets the current mark on the last stage that is learning or unlocked after a
 * finished one. Otherwise, with a finished stage, the current mark goes to an unlocked stage after
 * a finished one. Otherwise, if the first week or a week after a finished week is unlocked, its
 * first stage is current. If none applies and it is the first week, the very last stage of the
 * last week is current."
 */
export function currentStageMark(weeks: readonly PlanWeekLike[]): StageMark | null {
  for (let w = weeks.length - 1; w >= 0; w--) {
    const week = weeks[w] as PlanWeekLike;
    const { stages } = week;
    if (week.status === 1) {
      if (stages.some(isStageLearning)) {
        for (let s = stages.length - 1; s >= 0; s--) {
          if (isStageLearning(stages[s] as PlanStageLike) || unlockedAfterFinished(stages, s)) {
            return { week: w, stage: s };
          }
        }
      }
      if (stages.some((s) => s.status === 2)) {
        const s = stages.findIndex((_, i) => unlockedAfterFinished(stages, i));
        if (s >= 0) return { week: w, stage: s };
      }
      if ((w === 0 || weeks[w - 1]?.status === 2) && stages.length > 0) {
        return { week: w, stage: 0 };
      }
    }
    if (w === 0) {
      const last = weeks[weeks.length - 1] as PlanWeekLike;
      if (last.stages.length === 0) return null;
      return { week: weeks.length - 1, stage: last.stages.length - 1 };
    }
  }
  return null;
}

export interface PartFlags {
  firstFinish: boolean;
  firstUnlock: boolean;
  /** Per course: went from 1 in the cached copy to 2 now. */
  courses: boolean[];
}

export interface StageFlags {
  major: PartFlags;
  minor: PartFlags;
}

function partFlags(
  previous: readonly PlanCourseLike[] | undefined,
  next: readonly PlanCourseLike[],
): PartFlags {
  const courses = next.map((c, i) => previous?.[i]?.status === 1 && c.status === 2);
  return { firstFinish: courses.at(-1) === true, firstUnlock: false, courses };
}

/**
 * firstFinish / firstUnlock (§4): "A course that went from 1 in the previous cached copy to 2 is
 * flagged firstFinish; if it is the last course, the whole part is flagged; when the major part is
 * firstFinish, the minor part is flagged firstUnlock."
 */
export function stageFlags(
  previous: { major: PlanCourseLike[]; minor: PlanCourseLike[] } | null | undefined,
  next: { major: PlanCourseLike[]; minor: PlanCourseLike[] },
): StageFlags {
  const major = partFlags(previous?.major, next.major);
  const minor = partFlags(previous?.minor, next.minor);
  return { major, minor: { ...minor, firstUnlock: major.firstFinish } };
}

/**
 * Quick start (§4): "shows only if the first book's rounds contain a course with status 2" — the
 * child has begun the level's first week.
 */
export function showQuickStart(weeks: readonly PlanWeekLike[]): boolean {
  const first = weeks[0];
  return (
    first?.stages.some((s) =>
      [...s.major.courses, ...s.minor.courses].some((c) => c.status === 2),
    ) ?? false
  );
}

/**
 * Where quick start goes: the current stage's first major course not finished yet, else its
 * first open minor course, else (the day is done) the next unlocked stage's first course.
 */
export function quickStartTarget<C extends PlanCourseLike>(
  weeks: ReadonlyArray<
    Omit<PlanWeekLike, 'stages'> & {
      stages: Array<
        Omit<PlanStageLike, 'major' | 'minor'> & {
          major: { courses: C[] };
          minor: { courses: C[] };
        }
      >;
    }
  >,
): { week: number; stage: number; course: C } | null {
  const mark = currentStageMark(weeks);
  if (!mark) return null;
  const flat = weeks.flatMap((w, wi) => w.stages.map((s, si) => ({ s, wi, si })));
  const start = flat.findIndex((x) => x.wi === mark.week && x.si === mark.stage);
  for (const { s, wi, si } of flat.slice(start)) {
    if (s.status === 0) break;
    const course =
      s.major.courses.find((c) => c.status === 1) ?? s.minor.courses.find((c) => c.status === 1);
    if (course) return { week: wi, stage: si, course };
  }
  return null;
}

/** A reward the child may collect now (§4 reward claim). */
export const canClaimReward = (reward: PlanReward): boolean => reward.status === 1;

/**
 * After a successful claim (§4): the reward's status becomes 2 and its coins and diamonds are
 * added to the balances shown; `stage` 0 is the weekly reward. Returns new objects.
 */
export function applyRewardClaim<W extends PlanWeekLike>(
  weeks: readonly W[],
  week: number,
  stage: number,
  balances: { coins: number; diamonds: number },
): { weeks: W[]; balances: { coins: number; diamonds: number } } {
  let added = { coins: 0, diamonds: 0 };
  const next = weeks.map((w) => {
    if (w.week !== week) return w;
    if (stage === 0) {
      if (!canClaimReward(w.reward)) return w;
      added = { coins: w.reward.coins, diamonds: w.reward.diamonds };
      return { ...w, reward: { ...w.reward, status: 2 as const } };
    }
    return {
      ...w,
      stages: w.stages.map((s) => {
        if (s.stage !== stage || !canClaimReward(s.reward)) return s;
        added = { coins: s.reward.coins, diamonds: s.reward.diamonds };
        return { ...s, reward: { ...s.reward, status: 2 as const } };
      }),
    };
  });
  return {
    weeks: next,
    balances: { coins: balances.coins + added.coins, diamonds: balances.diamonds + added.diamonds },
  };
}

/**
 * Statuses from what the child finished (decision 029): weeks open one after another (the first
 * always, a later one when the one before is finished) within what the child may access; in an
 * open week days open one after another; in an open day the major courses open one after another
 * and the minor courses all open once every major course is finished. A stage or week is finished
 * when all its major courses are.
 */
export interface PlanShape {
  weeks: Array<{ week: number; stages: Array<{ major: string[]; minor: string[] }> }>;
}

export interface PlanStatuses {
  weeks: Array<{
    status: PlanStatus;
    stages: Array<{ status: PlanStatus; major: PlanStatus[]; minor: PlanStatus[] }>;
  }>;
}

export function planStatuses(
  shape: PlanShape,
  finished: ReadonlySet<string>,
  accessibleWeek: (week: number) => boolean,
): PlanStatuses {
  let previousWeekDone = true;
  return {
    weeks: shape.weeks.map((w) => {
      const weekOpen = previousWeekDone && accessibleWeek(w.week);
      let previousStageDone = true;
      const stages = w.stages.map((s) => {
        const stageOpen = weekOpen && previousStageDone;
        let previousCourseDone = true;
        const major = s.major.map((id): PlanStatus => {
          const done = finished.has(id);
          const status: PlanStatus = done ? 2 : stageOpen && previousCourseDone ? 1 : 0;
          previousCourseDone = done;
          return status;
        });
        const majorDone = s.major.every((id) => finished.has(id));
        const minor = s.minor.map(
          (id): PlanStatus => (finished.has(id) ? 2 : stageOpen && majorDone ? 1 : 0),
        );
        previousStageDone = majorDone;
        const status: PlanStatus = majorDone ? 2 : stageOpen ? 1 : 0;
        return { status, major, minor };
      });
      const weekDone = stages.every((s) => s.status === 2);
      previousWeekDone = weekDone;
      return { status: weekDone ? (2 as const) : weekOpen ? (1 as const) : (0 as const), stages };
    }),
  };
}

/** 0 none, 1 some, 2 all (§3 finish_flag). */
export function finishFlag(finished: number, total: number): 0 | 1 | 2 {
  if (finished === 0) return 0;
  return finished >= total ? 2 : 1;
}
