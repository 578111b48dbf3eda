/**
 * Rules of the lucky wheel (learning-content §2 /act/lotteryWheel, §3 lottery info, §4 lottery
 * draw, apply chance and the daily lottery modal). The server draws; these rules are the odds it
 * draws with and publishes.
 */

export interface WeightedPrize {
  /** Relative weight set by the operator; 0 never wins. */
  weight: number;
  /** Prizes left; null is unlimited. A prize with none left never wins. */
  stock: number | null;
}

/** Whether a prize can be won now. */
export const isDrawable = (prize: WeightedPrize): boolean =>
  prize.weight > 0 && (prize.stock === null || prize.stock > 0);

/**
 * Picks the index of a prize with probability weight / (sum of drawable weights), using
 * `randomInt(n)` (uniform in 0…n−1: crypto.randomInt on the server, a seeded generator in
 * tests). Sold-out and zero-weight prizes are skipped. Null when nothing can be won.
 */
export function pickWeighted(
  prizes: readonly WeightedPrize[],
  randomInt: (max: number) => number,
): number | null {
  const total = prizes.reduce((sum, p) => sum + (isDrawable(p) ? p.weight : 0), 0);
  if (total <= 0) return null;
  let ticket = randomInt(total);
  for (let i = 0; i < prizes.length; i++) {
    const prize = prizes[i];
    if (!prize || !isDrawable(prize)) continue;
    if (ticket < prize.weight) return i;
    ticket -= prize.weight;
  }
  return null;
}

/**
 * The published odds: each prize's chance of one draw as a percentage with two decimals
 * (sold-out prizes 0). They add up to 100 (± rounding) whenever anything can be won.
 */
export function publishedOdds(prizes: readonly WeightedPrize[]): number[] {
  const total = prizes.reduce((sum, p) => sum + (isDrawable(p) ? p.weight : 0), 0);
  return prizes.map((p) =>
    total > 0 && isDrawable(p) ? Math.round((p.weight / total) * 10_000) / 100 : 0,
  );
}

/**
 * §4 daily lottery modal: shown when the day it was last shown differs from today (dates
 * YYYY-MM-DD, China); marked shown on close.
 */
export const shouldShowDailyModal = (lastShown: string | null, today: string): boolean =>
  lastShown !== today;

/**
 * §4: after a draw the info is refreshed; when the answer carries no numeric chances_count the
 * count drops by one locally.
 */
export function chancesAfterDraw(before: number, answered: unknown): number {
  return typeof answered === 'number' && Number.isFinite(answered)
    ? answered
    : Math.max(0, before - 1);
}

/** How an extra chance is applied for (§7 apply_chance method, default share). */
export const APPLY_METHODS = ['share', 'read', 'points'] as const;
export type ApplyMethod = (typeof APPLY_METHODS)[number];

/**
 * The angle (degrees, clockwise from the pointer at the top) the wheel turns to land the middle
 * of segment `index` of `count` under the pointer, after `turns` full turns from `fromAngle`.
 */
export function wheelTarget(index: number, count: number, fromAngle: number, turns = 6): number {
  const segment = 360 / Math.max(1, count);
  const landing = (360 - (index * segment + segment / 2)) % 360;
  const base = fromAngle - (((fromAngle % 360) + 360) % 360);
  return base + turns * 360 + landing;
}
