/** Test-only signal builders for the recorder (deterministic noise, speech-like bursts). */

import { joinAudio } from './recorder';

/** A small deterministic PRNG, so the noise is the same on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** White noise with the given RMS level in dBFS. */
export function noise(db: number, seconds: number, seed = 1, rate = 16_000): Float32Array {
  const next = random(seed);
  // Uniform noise in ±a has RMS a/√3.
  const a = 10 ** (db / 20) * Math.sqrt(3);
  return Float32Array.from({ length: Math.round(rate * seconds) }, () => (next() * 2 - 1) * a);
}

/**
 * Speech-like: 250 ms voiced "syllables" (a 180 Hz buzz with a harmonic, RMS `db`) separated by
 * 80 ms gaps of `gapDb` noise.
 */
export function speech(db: number, seconds: number, gapDb: number, rate = 16_000): Float32Array {
  const out = noise(gapDb, seconds, 7, rate);
  // RMS of 0.7·sin + 0.3·sin is √(0.49 + 0.09)/√2.
  const amplitude = (10 ** (db / 20) * Math.SQRT2) / Math.sqrt(0.58);
  for (let i = 0; i < out.length; i++) {
    const t = i / rate;
    if (t % 0.33 < 0.25) {
      out[i] =
        amplitude * (0.7 * Math.sin(2 * Math.PI * 180 * t) + 0.3 * Math.sin(2 * Math.PI * 540 * t));
    }
  }
  return out;
}

export const concat = (...parts: Float32Array[]): Float32Array => joinAudio(parts);
