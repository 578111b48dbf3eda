import { describe, expect, it } from 'vitest';
import {
  applyRewardClaim,
  currentStageMark,
  finishFlag,
  isStageLearning,
  type PlanStatus,
  type PlanWeekLike,
  planStatuses,
  quickStartTarget,
  showQuickStart,
  stageFlags,
} from './study-plan';

const reward = (status: 0 | 1 | 2 = 0) => ({ coins: 5, diamonds: 1, status });
/** A stage from a compact spec: status, then its major course statuses. */
const stage = (n: number, status: PlanStatus, major: PlanStatus[], minor: PlanStatus[] = []) => ({
  stage: n,
  status,
  reward: reward(status === 2 ? 1 : 0),
  major: { courses: major.map((s) => ({ status: s })) },
  minor: { courses: minor.map((s) => ({ status: s })) },
});
const week = (n: number, status: PlanStatus, stages: ReturnType<typeof stage>[]): PlanWeekLike => ({
  week: n,
  status,
  reward: reward(status === 2 ? 1 : 0),
  stages,
});

describe('isStageLearning (§4: unlocked and one of its major courses has status 2)', () => {
  it.each([
    [stage(1, 1, [2, 1]), true],
    [stage(1, 1, [1, 1]), false],
    [stage(1, 2, [2, 2]), false],
    [stage(1, 0, [0, 0]), false],
  ])('%j → %s', (s, expected) => expect(isStageLearning(s)).toBe(expected));
});

describe('current-stage marking (learning-content §4)', () => {
  it.each<[string, PlanWeekLike[], { week: number; stage: number } | null]>([
    [
      'a learning stage of an open week: the last stage that is learning',
      [week(1, 1, [stage(1, 2, [2, 2]), stage(2, 1, [2, 1]), stage(3, 0, [0, 0])])],
      { week: 0, stage: 1 },
    ],
    [
      'learning: an unlocked stage after a finished one, later than the learning one, wins (the last)',
      [week(1, 1, [stage(1, 1, [2, 1]), stage(2, 2, [2, 2]), stage(3, 1, [1, 0])])],
      { week: 0, stage: 2 },
    ],
    [
      'no learning stage but a finished one: the unlocked stage after a finished one',
      [
        week(1, 1, [
          stage(1, 2, [2, 2]),
          stage(2, 2, [2, 2]),
          stage(3, 1, [1, 0]),
          stage(4, 0, [0]),
        ]),
      ],
      { week: 0, stage: 2 },
    ],
    [
      'nothing finished in the first week: its first stage',
      [week(1, 1, [stage(1, 1, [1, 0]), stage(2, 0, [0])]), week(2, 0, [stage(1, 0, [0])])],
      { week: 0, stage: 0 },
    ],
    [
      'a week after a finished week is unlocked: its first stage',
      [
        week(1, 2, [stage(1, 2, [2]), stage(2, 2, [2])]),
        week(2, 1, [stage(1, 1, [1]), stage(2, 0, [0])]),
        week(3, 0, [stage(1, 0, [0])]),
      ],
      { week: 1, stage: 0 },
    ],
    [
      'scanning from the last week: a later open week is chosen over an earlier one',
      [week(1, 1, [stage(1, 1, [2, 1])]), week(2, 1, [stage(1, 1, [2, 1]), stage(2, 0, [0])])],
      { week: 1, stage: 0 },
    ],
    [
      'none applies (everything finished): the very last stage of the last week',
      [
        week(1, 2, [stage(1, 2, [2]), stage(2, 2, [2])]),
        week(2, 2, [stage(1, 2, [2]), stage(2, 2, [2])]),
      ],
      { week: 1, stage: 1 },
    ],
    [
      'none applies (everything locked): the very last stage of the last week',
      [week(1, 0, [stage(1, 0, [0])]), week(2, 0, [stage(1, 0, [0]), stage(2, 0, [0])])],
      { week: 1, stage: 1 },
    ],
    ['no weeks: no mark', [], null],
  ])('%s', (_, weeks, expected) => expect(currentStageMark(weeks)).toEqual(expected));
});

describe('firstFinish and firstUnlock (§4)', () => {
  const c = (...s: PlanStatus[]) => s.map((status) => ({ status }));
  it('a course that went from 1 to 2 is flagged; the last one flags its part; major → minor firstUnlock', () => {
    const flags = stageFlags({ major: c(2, 1), minor: c(0) }, { major: c(2, 2), minor: c(1) });
    expect(flags.major).toEqual({ firstFinish: true, firstUnlock: false, courses: [false, true] });
    expect(flags.minor).toEqual({ firstFinish: false, firstUnlock: true, courses: [false] });
  });
  it('a course finished that is not the last: only that course', () => {
    const flags = stageFlags({ major: c(1, 0), minor: c(0) }, { major: c(2, 1), minor: c(0) });
    expect(flags.major).toEqual({ firstFinish: false, firstUnlock: false, courses: [true, false] });
    expect(flags.minor.firstUnlock).toBe(false);
  });
  it('no cached copy or no change: nothing flagged', () => {
    expect(stageFlags(null, { major: c(2), minor: c(1) }).major.firstFinish).toBe(false);
    expect(stageFlags({ major: c(2), minor: c(2) }, { major: c(2), minor: c(2) }).minor).toEqual({
      firstFinish: false,
      firstUnlock: false,
      courses: [false],
    });
  });
  it('the minor part finished last is flagged firstFinish', () => {
    expect(
      stageFlags({ major: c(2), minor: c(2, 1) }, { major: c(2), minor: c(2, 2) }).minor
        .firstFinish,
    ).toBe(true);
  });
});

describe('quick start (§4: only if the first book’s rounds contain a course with status 2)', () => {
  it.each<[string, PlanWeekLike[], boolean]>([
    ['nothing done', [week(1, 1, [stage(1, 1, [1, 0])])], false],
    ['a major course of week 1 done', [week(1, 1, [stage(1, 1, [2, 1])])], true],
    ['only a minor course of week 1 done', [week(1, 1, [stage(1, 1, [1], [2])])], true],
    ['no weeks', [], false],
  ])('%s → %s', (_, weeks, expected) => expect(showQuickStart(weeks)).toBe(expected));

  it('goes to the current stage’s first open course, then to the next open day', () => {
    const weeks = [week(1, 1, [stage(1, 2, [2, 2], [1]), stage(2, 1, [2, 1]), stage(3, 0, [0])])];
    expect(quickStartTarget(weeks)).toMatchObject({ week: 0, stage: 1 });
    const minorOnly = [week(1, 1, [stage(1, 2, [2, 2], [1]), stage(2, 0, [0])])];
    expect(quickStartTarget(minorOnly)).toMatchObject({ week: 0, stage: 0, course: { status: 1 } });
  });
});

describe('reward claim (§4: on success status 2, coins and diamonds added)', () => {
  const weeks = [week(1, 2, [stage(1, 2, [2]), stage(2, 1, [1])])];
  it('a daily reward', () => {
    const after = applyRewardClaim(weeks, 1, 1, { coins: 10, diamonds: 0 });
    expect(after.balances).toEqual({ coins: 15, diamonds: 1 });
    expect(after.weeks[0]?.stages[0]?.reward.status).toBe(2);
  });
  it('the weekly reward (stage 0)', () => {
    const after = applyRewardClaim(weeks, 1, 0, { coins: 0, diamonds: 0 });
    expect(after.weeks[0]?.reward.status).toBe(2);
    expect(after.balances).toEqual({ coins: 5, diamonds: 1 });
  });
  it('a reward not earned or already received adds nothing', () => {
    expect(applyRewardClaim(weeks, 1, 2, { coins: 1, diamonds: 1 }).balances).toEqual({
      coins: 1,
      diamonds: 1,
    });
    const once = applyRewardClaim(weeks, 1, 1, { coins: 0, diamonds: 0 });
    expect(applyRewardClaim(once.weeks, 1, 1, once.balances).balances).toEqual(once.balances);
  });
});

describe('statuses from what was finished (decision 029)', () => {
  const shape = {
    weeks: [
      {
        week: 1,
        stages: [
          { major: ['a', 'b'], minor: ['m'] },
          { major: ['c'], minor: [] },
        ],
      },
      { week: 2, stages: [{ major: ['d'], minor: [] }] },
    ],
  };
  const all = () => true;
  it('a new child: week 1 day 1 course 1 open, the rest locked', () => {
    expect(planStatuses(shape, new Set(), all)).toEqual({
      weeks: [
        {
          status: 1,
          stages: [
            { status: 1, major: [1, 0], minor: [0] },
            { status: 0, major: [0], minor: [] },
          ],
        },
        { status: 0, stages: [{ status: 0, major: [0], minor: [] }] },
      ],
    });
  });
  it('major courses open one after another; minor ones when the major ones are done; then the next day', () => {
    expect(planStatuses(shape, new Set(['a']), all).weeks[0]?.stages[0]).toEqual({
      status: 1,
      major: [2, 1],
      minor: [0],
    });
    const dayDone = planStatuses(shape, new Set(['a', 'b']), all).weeks[0];
    expect(dayDone?.stages).toEqual([
      { status: 2, major: [2, 2], minor: [1] },
      { status: 1, major: [1], minor: [] },
    ]);
  });
  it('a finished week opens the next one, unless the child may not access it', () => {
    const done = new Set(['a', 'b', 'c']);
    expect(planStatuses(shape, done, all).weeks.map((w) => w.status)).toEqual([2, 1]);
    expect(planStatuses(shape, done, (w) => w === 1).weeks.map((w) => w.status)).toEqual([2, 0]);
  });
});

describe('finish_flag (§3: 0 none, 1 some, 2 all)', () => {
  it.each([
    [0, 10, 0],
    [3, 10, 1],
    [10, 10, 2],
  ])('%i of %i → %i', (done, total, flag) => expect(finishFlag(done, total)).toBe(flag));
});
