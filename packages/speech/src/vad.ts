/**
 * Voice-activity features for pronunciation scoring: is there a voice in the recording at
 * all, is it only noise, is it long enough to judge? Computed on the raw 16 kHz samples
 * before any decoding, in a few milliseconds.
 *
 * Per 10 ms hop (25 ms frames): level in dBFS, and voicing strength — the peak of the
 * normalised autocorrelation in the pitch range 75–600 Hz (adults and children), computed
 * on a 2×-decimated copy to keep it cheap. Voiced speech is periodic (strength ≳ 0.5);
 * hiss, fan noise and digital silence are not.
 */

/** Frame length and hop (seconds). */
const FRAME_SECONDS = 0.025;
const HOP_SECONDS = 0.01;
/** Pitch search range (Hz): low male voices to high-pitched young children. */
const MIN_PITCH = 75;
const MAX_PITCH = 600;
/** A frame is voiced when its autocorrelation peak reaches this (0–1). */
const VOICING_THRESHOLD = 0.5;
/** Frames quieter than this (dBFS) are never voiced: nothing a microphone would call a voice. */
const MIN_VOICE_LEVEL = -55;

export interface VoiceActivity {
  /** Length of the recording (seconds). */
  duration: number;
  /** Number of 10 ms frames analysed. */
  frames: number;
  /** Level of the loudest frames (95th percentile, dBFS). */
  peakLevel: number;
  /** Background level (10th percentile, dBFS). */
  floorLevel: number;
  /** Seconds of frames that are voiced (periodic, loud enough, above the background). */
  voicedSeconds: number;
  /** Longest run of voiced frames, bridging gaps up to 50 ms (seconds). */
  longestVoicedRun: number;
  /** Seconds of frames clearly above the background (voiced or not). */
  activeSeconds: number;
  /** First and last voiced frame, in seconds from the start (0, 0 when none). */
  voicedStart: number;
  voicedEnd: number;
  /** Mean voicing strength of the frames above the background (0–1). */
  activeVoicing: number;
  /** Per 10 ms frame: 1 when voiced (frame f covers f·10 ms to f·10 ms + 25 ms). */
  voicedFrames: Uint8Array;
}

const dbfs = (meanSquare: number): number => 10 * Math.log10(meanSquare + 1e-12);

const percentile = (sorted: Float64Array, q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(q * (sorted.length - 1))))] ?? -120;

/** Measures {@link VoiceActivity} of mono 16 kHz (or any rate) float samples. */
export function measureVoiceActivity(samples: Float32Array, sampleRate: number): VoiceActivity {
  const duration = samples.length / sampleRate;
  const hop = Math.round(HOP_SECONDS * sampleRate);
  const frame = Math.round(FRAME_SECONDS * sampleRate);
  const count = samples.length >= frame ? Math.floor((samples.length - frame) / hop) + 1 : 0;
  const empty: VoiceActivity = {
    duration,
    frames: count,
    peakLevel: -120,
    floorLevel: -120,
    voicedSeconds: 0,
    longestVoicedRun: 0,
    activeSeconds: 0,
    voicedStart: 0,
    voicedEnd: 0,
    activeVoicing: 0,
    voicedFrames: new Uint8Array(count),
  };
  if (count === 0) return empty;

  // Remove DC (some microphones have an offset) before measuring levels.
  let mean = 0;
  for (let i = 0; i < samples.length; i++) mean += samples[i] ?? 0;
  mean /= samples.length;

  const level = new Float64Array(count);
  for (let f = 0; f < count; f++) {
    let sum = 0;
    const from = f * hop;
    for (let i = from; i < from + frame; i++) {
      const x = (samples[i] ?? 0) - mean;
      sum += x * x;
    }
    level[f] = dbfs(sum / frame);
  }
  const sorted = Float64Array.from(level).sort();
  const floorLevel = percentile(sorted, 0.1);
  const peakLevel = percentile(sorted, 0.95);
  // "Active": clearly above the background, or simply loud when there is no quiet part.
  const activeThreshold = Math.max(MIN_VOICE_LEVEL, Math.min(floorLevel + 10, peakLevel - 6));

  // Voicing on a 2× decimated signal (pairwise average is a crude but sufficient low-pass).
  const rate = sampleRate / 2;
  const half = new Float32Array(Math.floor(samples.length / 2));
  for (let i = 0; i < half.length; i++) {
    half[i] = ((samples[2 * i] ?? 0) + (samples[2 * i + 1] ?? 0)) / 2 - mean;
  }
  const halfFrame = Math.floor(frame / 2);
  const minLag = Math.floor(rate / MAX_PITCH);
  const maxLag = Math.min(Math.ceil(rate / MIN_PITCH), halfFrame - 1);
  const voicing = new Float64Array(count);
  let activeFrames = 0;
  let activeVoicingSum = 0;
  for (let f = 0; f < count; f++) {
    if ((level[f] ?? -120) < activeThreshold) continue;
    activeFrames++;
    const from = Math.floor((f * hop) / 2);
    let energy = 0;
    for (let i = from; i < from + halfFrame; i++) energy += (half[i] ?? 0) ** 2;
    let best = 0;
    for (let lag = minLag; lag <= maxLag; lag++) {
      let cross = 0;
      let e1 = 0;
      let e2 = 0;
      for (let i = from; i < from + halfFrame - lag; i++) {
        const a = half[i] ?? 0;
        const b = half[i + lag] ?? 0;
        cross += a * b;
        e1 += a * a;
        e2 += b * b;
      }
      const r = e1 > 0 && e2 > 0 ? cross / Math.sqrt(e1 * e2) : 0;
      if (r > best) best = r;
    }
    voicing[f] = energy > 0 ? best : 0;
    activeVoicingSum += voicing[f] ?? 0;
  }

  const voiced = (f: number): boolean =>
    (level[f] ?? -120) >= activeThreshold && (voicing[f] ?? 0) >= VOICING_THRESHOLD;
  const voicedFlags = new Uint8Array(count);
  let voicedFrames = 0;
  let first = -1;
  let last = -1;
  let longest = 0;
  let runStart = -1;
  let lastVoiced = -100;
  const MAX_GAP = 5;
  for (let f = 0; f < count; f++) {
    if (!voiced(f)) continue;
    voicedFlags[f] = 1;
    voicedFrames++;
    if (first < 0) first = f;
    last = f;
    if (f - lastVoiced > MAX_GAP) runStart = f;
    longest = Math.max(longest, f - runStart + 1);
    lastVoiced = f;
  }
  return {
    duration,
    frames: count,
    peakLevel,
    floorLevel,
    voicedSeconds: voicedFrames * HOP_SECONDS,
    longestVoicedRun: longest * HOP_SECONDS,
    activeSeconds: activeFrames * HOP_SECONDS,
    voicedStart: first < 0 ? 0 : first * HOP_SECONDS,
    voicedEnd: last < 0 ? 0 : last * HOP_SECONDS + FRAME_SECONDS,
    activeVoicing: activeFrames > 0 ? activeVoicingSum / activeFrames : 0,
    voicedFrames: voicedFlags,
  };
}

/** Fraction of the 10 ms frames between `start` and `end` (seconds) that are voiced. */
export function voicedFraction(activity: VoiceActivity, start: number, end: number): number {
  const from = Math.max(0, Math.floor(start / HOP_SECONDS));
  const to = Math.min(activity.voicedFrames.length, Math.ceil(end / HOP_SECONDS));
  if (to <= from) return 0;
  let voiced = 0;
  for (let f = from; f < to; f++) voiced += activity.voicedFrames[f] ?? 0;
  return voiced / (to - from);
}

/** Why a recording cannot be scored as reading, decided from {@link VoiceActivity} alone. */
export type ActivityVerdict = 'ok' | 'no_voice' | 'noise' | 'too_short';

/** Recordings shorter than this cannot hold a word (seconds). */
export const MIN_RECORDING_SECONDS = 0.5;
/** Less voiced speech than this is not a reading (seconds). */
export const MIN_VOICED_SECONDS = 0.15;
/** Background louder than this with little voicing is "noise" rather than "no voice" (dBFS). */
export const NOISE_LEVEL = -50;
/** Level range (95th − 10th percentile, dB) below which a recording is a steady sound. */
export const STEADY_RANGE_DB = 8;

/**
 * Classifies a recording before decoding: too short to judge, silent, or only noise.
 * `expectedSeconds` is a rough lower bound on the reading time of the text; voiced speech
 * far shorter than that (under a third) is "too_short" too.
 */
export function classifyActivity(activity: VoiceActivity, expectedSeconds = 0): ActivityVerdict {
  if (activity.duration < MIN_RECORDING_SECONDS) return 'too_short';
  if (activity.voicedSeconds < MIN_VOICED_SECONDS || activity.longestVoicedRun < 0.06) {
    return activity.peakLevel >= NOISE_LEVEL ? 'noise' : 'no_voice';
  }
  // A steady sound with no pauses and no rise and fall (hum, a held tone, constant noise)
  // is not reading, however periodic it is.
  if (
    activity.peakLevel - activity.floorLevel < STEADY_RANGE_DB &&
    activity.activeSeconds > 0.8 * activity.duration
  ) {
    return activity.peakLevel >= NOISE_LEVEL ? 'noise' : 'no_voice';
  }
  const span = activity.voicedEnd - activity.voicedStart;
  if (span < Math.max(0.2, expectedSeconds / 3)) return 'too_short';
  return 'ok';
}
