import { describe, expect, it } from 'vitest';
import {
  collectableMissions,
  type FootprintDay,
  footprintCurrentIndex,
  missionAggregateStatus,
  missionStatus,
  nextRecommendations,
  recommendPage,
  startRecommendations,
} from './missions';

const m = (type: number, status: number) => ({ type, status });

describe('mission aggregate status (§4: "aggregate 4 is set when any entry of type 4, 5, 6 or 7 has status 1")', () => {
  it.each<[string, Array<{ type: number; status: number }>, number]>([
    ['type 4 finished', [m(1, 0), m(4, 1)], 4],
    ['type 5 finished', [m(5, 1)], 4],
    ['type 6 finished', [m(6, 1), m(1, 2)], 4],
    ['type 7 finished', [m(7, 1)], 4],
    ['type 4 open, daily finished', [m(4, 0), m(1, 1)], 1],
    ['type 4 collected, daily finished', [m(4, 2), m(2, 1)], 1],
    ['type 3 finished only', [m(3, 1)], 1],
    ['type 8 finished is not a growth type', [m(8, 1)], 1],
    ['all open', [m(1, 0), m(4, 0)], 0],
    ['some open, rest collected', [m(1, 2), m(5, 0)], 0],
    ['all collected', [m(1, 2), m(4, 2)], 2],
    ['empty', [], 2],
  ])('%s → %i', (_, entries, expected) => expect(missionAggregateStatus(entries)).toBe(expected));
});

describe('mission status (§3: 0 open, 1 finished, 2 collected)', () => {
  it.each<[number, number, boolean, number]>([
    [0, 1, false, 0],
    [1, 1, false, 1],
    [3, 2, false, 1],
    [1, 3, false, 0],
    [0, 1, true, 2],
    [5, 1, true, 2],
  ])('progress %i of %i, collected %s → %i', (progress, target, collected, expected) =>
    expect(missionStatus(progress, target, collected)).toBe(expected),
  );
  it('collect all takes only the finished ones', () =>
    expect(collectableMissions([m(1, 0), m(2, 1), m(4, 1), m(3, 2)])).toEqual([m(2, 1), m(4, 1)]));
});

const day = (n: number, ...statuses: number[]): FootprintDay => ({
  day: n,
  missions: statuses.map((status) => ({ status })),
});

describe('footprint current card (§4: from the latest day backwards, the first card with an open mission whose earlier day is complete or started)', () => {
  it.each<[string, FootprintDay[], number]>([
    ['nothing done: day 1 is current', [day(1, 0, 0), day(2, 0, 0), day(3, 0)], 0],
    ['day 1 complete: day 2', [day(1, 2, 1), day(2, 0, 0), day(3, 0)], 1],
    ['day 1 started only: day 2 (started counts)', [day(1, 1, 0), day(2, 0), day(3, 0)], 1],
    ['day 2 started: day 3 is latest qualifying', [day(1, 2), day(2, 1, 0), day(3, 0)], 2],
    ['days 1–2 complete, 3 open', [day(1, 2), day(2, 2), day(3, 0, 0)], 2],
    ['everything done', [day(1, 2), day(2, 1)], -1],
    ['last day done, day 2 open after a started day 1', [day(1, 1, 0), day(2, 0), day(3, 2)], 1],
    ['a gap: day 3 open after untouched day 2 is skipped', [day(1, 2), day(2, 0), day(3, 0)], 1],
    ['single open day', [day(1, 0)], 0],
    ['no days', [], -1],
  ])('%s → %i', (_, days, expected) => expect(footprintCurrentIndex(days)).toBe(expected));
});

/** A deterministic random source (mulberry32). */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('recommendation list (§4: three at a time, shuffled again when fewer than six remain)', () => {
  const pool = Array.from({ length: 12 }, (_, i) => i + 1);

  it('shows three of the pool, each once', () => {
    const s = startRecommendations(pool, seeded(1));
    const page = recommendPage(s);
    expect(page).toHaveLength(3);
    expect(new Set(page).size).toBe(3);
    expect(s.queue.slice().sort((a, b) => a - b)).toEqual(pool);
  });

  it.each<[number, number[]]>([
    // pool size → positions after each "next" (0 = reshuffled)
    [12, [3, 6, 0, 3, 6, 0]], // 12-3=9 ≥6, 12-6=6 ≥6, 12-9=3 <6 → reshuffle
    [9, [3, 0, 3, 0]], // 9-3=6 stays, 9-6=3 reshuffles
    [8, [0, 0]], // 8-3=5 <6 at once
    [3, [0]],
  ])('pool of %i: positions %j', (size, positions) => {
    const p = pool.slice(0, size);
    const random = seeded(size);
    let s = startRecommendations(p, random);
    for (const expected of positions) {
      s = nextRecommendations(s, p, random);
      expect(s.pos).toBe(expected);
      expect(recommendPage(s)).toHaveLength(Math.min(3, size));
    }
  });

  it('pages walk through the queue without repeats before a reshuffle', () => {
    const random = seeded(7);
    let s = startRecommendations(pool, random);
    const seen = [...recommendPage(s)];
    s = nextRecommendations(s, pool, random);
    seen.push(...recommendPage(s));
    s = nextRecommendations(s, pool, random);
    seen.push(...recommendPage(s));
    expect(new Set(seen).size).toBe(9);
  });

  it('an empty pool shows nothing', () => {
    const s = nextRecommendations(startRecommendations([], Math.random), [], Math.random);
    expect(recommendPage(s)).toEqual([]);
  });
});
