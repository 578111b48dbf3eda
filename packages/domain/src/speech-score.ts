/**
 * Score channels (learning-content §9): the judge score is the best of the channels that
 * answered — the platform judge (0–100), a WeChat-style score (accuracy × completion / 100) and a
 * vendor score on a 0–10000 scale (divided by 100) — returned as a rounded-up percent.
 */
export type ChannelReading =
  | { channel: 'judge'; score: number }
  | { channel: 'wechat'; accuracy: number; completion: number }
  | { channel: 'vendor'; score: number };

/** A channel's reading as a percent (0–100, not rounded); null when it is not a number. */
export function channelPercent(reading: ChannelReading): number | null {
  const value =
    reading.channel === 'wechat'
      ? (reading.accuracy * reading.completion) / 100
      : reading.channel === 'vendor'
        ? reading.score / 100
        : reading.score;
  if (!Number.isFinite(value)) return null;
  return Math.min(100, Math.max(0, value));
}

/** The best channel, rounded up to a whole percent; 0 when no channel answered. */
export function combineChannelScores(readings: readonly ChannelReading[]): number {
  let best: number | null = null;
  for (const reading of readings) {
    const percent = channelPercent(reading);
    if (percent !== null && (best === null || percent > best)) best = percent;
  }
  // Rounding up must not turn 80.0000000001 (float noise) into 81.
  return best === null ? 0 : Math.ceil(Number(best.toFixed(6)));
}
