/**
 * Growth missions, footprints and recommendations (learning-content §3, §4; decision 054).
 */

/** §3: status 0 open, 1 in progress or finished (waiting to be collected), 2 collected. */
export const MISSION_STATUS = { open: 0, finished: 1, collected: 2 } as const;
export type MissionStatus = (typeof MISSION_STATUS)[keyof typeof MISSION_STATUS];

/**
 * Mission types. 1–3 are daily missions, 4–7 the longer growth missions whose finishing earns
 * the growth reward (the aggregate status 4 of §4).
 */
export const MISSION_TYPE = {
  readBook: 1,
  finishCourse: 2,
  readAloud: 3,
  streak: 4,
  weeklyBooks: 5,
  weeklyCourses: 6,
  levelBook: 7,
} as const;
export type MissionType = (typeof MISSION_TYPE)[keyof typeof MISSION_TYPE];

/** §4: "Mission status aggregate 4 is set when any entry of type 4, 5, 6 or 7 has status 1". */
export const GROWTH_TYPES: readonly number[] = [4, 5, 6, 7];
export const AGGREGATE_GROWTH = 4;

/**
 * The aggregate status of a mission list: 4 when a growth mission (type 4–7) waits to be
 * collected; otherwise 1 when any mission waits, 0 when one is still open, 2 when all are
 * collected (an empty list counts as collected: nothing to do).
 */
export function missionAggregateStatus(
  entries: ReadonlyArray<{ type: number; status: number }>,
): number {
  if (entries.some((e) => GROWTH_TYPES.includes(e.type) && e.status === MISSION_STATUS.finished)) {
    return AGGREGATE_GROWTH;
  }
  if (entries.some((e) => e.status === MISSION_STATUS.finished)) return MISSION_STATUS.finished;
  if (entries.some((e) => e.status === MISSION_STATUS.open)) return MISSION_STATUS.open;
  return MISSION_STATUS.collected;
}

/** A mission's status from what the child did and whether its reward was collected. */
export function missionStatus(progress: number, target: number, collected: boolean): MissionStatus {
  if (collected) return MISSION_STATUS.collected;
  return progress >= target ? MISSION_STATUS.finished : MISSION_STATUS.open;
}

/** The missions that a "collect all" takes: every finished, not yet collected one. */
export const collectableMissions = <T extends { status: number }>(entries: readonly T[]): T[] =>
  entries.filter((e) => e.status === MISSION_STATUS.finished);

/** A day card of the footprint path: its missions' statuses. */
export interface FootprintDay {
  day: number;
  missions: ReadonlyArray<{ status: number }>;
}

const dayComplete = (d: FootprintDay) =>
  d.missions.length > 0 && d.missions.every((m) => m.status !== MISSION_STATUS.open);
const dayStarted = (d: FootprintDay) => d.missions.some((m) => m.status !== MISSION_STATUS.open);

/**
 * §4: "counting from the latest day backwards, the first card with an open mission whose earlier
 * day is complete or started is marked current". The first day has no earlier day and qualifies
 * by itself. Answers the index of the current card in `days` (ordered by day), or -1 when every
 * card is done.
 */
export function footprintCurrentIndex(days: readonly FootprintDay[]): number {
  for (let i = days.length - 1; i >= 0; i--) {
    const card = days[i];
    if (!card?.missions.some((m) => m.status === MISSION_STATUS.open)) continue;
    const earlier = days[i - 1];
    if (!earlier || dayComplete(earlier) || dayStarted(earlier)) return i;
  }
  return -1;
}

/** §4: "shown three at a time, shuffled again when fewer than six remain". */
export const RECOMMEND_PAGE = 3;
export const RECOMMEND_RESHUFFLE_BELOW = 6;

export interface RecommendState<T> {
  /** The shuffled order being walked through. */
  queue: readonly T[];
  /** Index of the first item of the page shown. */
  pos: number;
}

/** Fisher–Yates with an injectable random source (tests pass a seeded one). */
function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** The first page of a pool: shuffled, position 0. */
export const startRecommendations = <T>(
  pool: readonly T[],
  random: () => number,
): RecommendState<T> => ({ queue: shuffled(pool, random), pos: 0 });

/** The three shown now. */
export const recommendPage = <T>(state: RecommendState<T>): T[] =>
  state.queue.slice(state.pos, state.pos + RECOMMEND_PAGE);

/**
 * "Another three": moves past the page shown. When fewer than six would remain from the new
 * position, the pool is shuffled again and walking starts over, so a page is always full and
 * the child does not run into the end of the list.
 */
export function nextRecommendations<T>(
  state: RecommendState<T>,
  pool: readonly T[],
  random: () => number,
): RecommendState<T> {
  const pos = state.pos + RECOMMEND_PAGE;
  if (state.queue.length - pos < RECOMMEND_RESHUFFLE_BELOW)
    return startRecommendations(pool, random);
  return { queue: state.queue, pos };
}
