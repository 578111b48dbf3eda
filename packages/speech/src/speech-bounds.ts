/** Where speech starts and ends in a recording (no Node APIs: it runs in the browser too). */

export interface SpeechBounds {
  /** First sample of the detected speech (inclusive). */
  start: number;
  /** Last sample of the detected speech (exclusive). */
  end: number;
  /** False when the level contrast was too small to tell speech from background. */
  reliable: boolean;
}

const FRAME_SECONDS = 0.02;
const HOP_SECONDS = 0.01;
/** Minimum run of loud frames that counts as speech (rejects clicks). */
const MIN_RUN_FRAMES = 3;

/**
 * Finds where speech starts and ends with a simple energy detector: short-time energy
 * of the pre-emphasised signal (20 ms frames, 10 ms hop; pre-emphasis removes hum and
 * favours fricatives), noise floor = 10th percentile, speech level = 98th percentile,
 * threshold a quarter of the way up (at least 6 dB over the floor); speech is the span
 * from the first to the last run of ≥ 30 ms above the threshold. No margins are added.
 */
export function findSpeechBounds(samples: Float32Array, sampleRate: number): SpeechBounds {
  const frame = Math.max(1, Math.round(FRAME_SECONDS * sampleRate));
  const hop = Math.max(1, Math.round(HOP_SECONDS * sampleRate));
  const whole: SpeechBounds = { start: 0, end: samples.length, reliable: false };
  if (samples.length < frame * 5) return whole;
  const count = Math.floor((samples.length - frame) / hop) + 1;
  const energy = new Float64Array(count);
  for (let f = 0; f < count; f++) {
    let sum = 0;
    const from = f * hop;
    for (let i = from; i < from + frame; i++) {
      const x = (samples[i] ?? 0) - 0.97 * (samples[i - 1] ?? 0);
      sum += x * x;
    }
    energy[f] = 10 * Math.log10(sum / frame + 1e-12);
  }
  const sorted = Float64Array.from(energy).sort();
  const floor = sorted[Math.floor(count * 0.1)] ?? 0;
  const peak = sorted[Math.min(count - 1, Math.floor(count * 0.98))] ?? 0;
  if (peak - floor < 12) return whole;
  const threshold = floor + Math.max(6, 0.25 * (peak - floor));
  const loud = (f: number): boolean => {
    for (let k = f; k < f + MIN_RUN_FRAMES; k++)
      if (!((energy[k] ?? -Infinity) > threshold)) return false;
    return true;
  };
  let first = -1;
  for (let f = 0; f + MIN_RUN_FRAMES <= count; f++) {
    if (loud(f)) {
      first = f;
      break;
    }
  }
  if (first < 0) return whole;
  let last = first;
  for (let f = count - MIN_RUN_FRAMES; f >= first; f--) {
    if (loud(f)) {
      last = f + MIN_RUN_FRAMES - 1;
      break;
    }
  }
  return { start: first * hop, end: Math.min(samples.length, last * hop + frame), reliable: true };
}
