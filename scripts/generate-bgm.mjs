#!/usr/bin/env node
/**
 * Synthesises PicBook's four original background-music loops and writes them as MP3s:
 *   content/media/audio/bgm/library.mp3   calm storybook music box, 90 BPM, C major
 *   content/media/audio/bgm/learning.mp3  bright, bouncy marimba, 110 BPM, G major
 *   content/media/audio/bgm/words.mp3     playful pentatonic pluck + bells, 100 BPM
 *   content/media/audio/bgm/growth.mp3    warm, slightly triumphant e-piano, 96 BPM, F major
 *
 * Everything (melodies, instruments, effects, mixing) is written here with Node built-ins only:
 * additive / FM / Karplus-Strong voices with simple envelopes, a soft bass line, chord pads and a
 * small reverb + echo. The only randomness is a seeded PRNG, so every run is identical.
 *
 * Seamless looping: each loop is rendered on a circular timeline. Note tails, echoes and
 * reverb that run past the loop point wrap round to the start, so the last sample flows into
 * the first exactly as it would mid-loop. In addition the arrangements leave a short breath
 * before the loop point (every held note is released before it) and fade that quiet breath to
 * zero over its last 15 ms, so even a player that ignores the MP3 gapless info and plays the
 * encoder's padding silence at the seam cannot produce a click.
 *
 * Levels: integrated loudness (ITU-R BS.1770, K-weighted, gated) normalised to about -16 LUFS
 * with the sample peak kept at or below -3.5 dBFS by a gentle look-ahead limiter.
 *
 * Output: mono, 22050 Hz, encoded by `lame` at 64 kbps CBR (-q 2). LAME writes its gapless
 * (encoder delay / padding) info tag, which ffmpeg and browsers use to trim the padding.
 *
 * Usage:  node scripts/generate-bgm.mjs [--out <dir>] [--keep-wav]
 * Needs:  lame on PATH  (Debian/Ubuntu: apt-get install -y lame)
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SR = 22050;
const TARGET_LUFS = -16;
const PEAK_CEILING_DB = -3.5; // leaves headroom for MP3 decoding overshoot (spec: <= -3 dBFS)
const TWO_PI = 2 * Math.PI;

// ---------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------

/** Deterministic PRNG (mulberry32). */
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Stable 32-bit string hash (FNV-1a) used to derive per-track seeds. */
function hash(str) {
  let h = 0x811c9dc5;
  for (let i = 0; i < str.length; i++) {
    h ^= str.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const NOTE_PC = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };

/** 'C#5' / 'Bb3' / 'A4' -> frequency in Hz (A4 = 440). */
function freq(name) {
  const m = /^([A-G])(#|b)?(-?\d)$/.exec(name);
  if (!m) throw new Error(`Bad note name: ${name}`);
  const midi = 12 * (Number(m[3]) + 1) + NOTE_PC[m[1]] + (m[2] === '#' ? 1 : m[2] === 'b' ? -1 : 0);
  return 440 * 2 ** ((midi - 69) / 12);
}

/** Transposes a note name by whole octaves. */
function octave(name, by) {
  const m = /^([A-G][#b]?)(-?\d)$/.exec(name);
  return `${m[1]}${Number(m[2]) + by}`;
}

const dbToGain = (db) => 10 ** (db / 20);
const gainToDb = (g) => 20 * Math.log10(Math.max(g, 1e-12));
const clamp = (x, lo, hi) => Math.min(hi, Math.max(lo, x));

/**
 * Parses a voice written as "G5:1.5 E5:.5 r:1 ..." (note:beats, r = rest) into notes.
 * Checks that the voice fills exactly `totalBeats`, which catches typos in the scores.
 */
function parseVoice(text, totalBeats, label) {
  const notes = [];
  let beat = 0;
  for (const token of text.trim().split(/\s+/)) {
    const [name, len] = token.split(':');
    const beats = Number(len);
    if (!(beats > 0)) throw new Error(`${label}: bad token ${token}`);
    if (name !== 'r') notes.push({ beat, note: name, beats });
    beat += beats;
  }
  if (Math.abs(beat - totalBeats) > 1e-9) {
    throw new Error(`${label}: voice lasts ${beat} beats, expected ${totalBeats}`);
  }
  return notes;
}

// ---------------------------------------------------------------------------
// Instruments. Each returns a Float64Array starting at the note onset and long enough to hold
// the release tail; `held` is the sounding time in seconds before the release starts.
// ---------------------------------------------------------------------------

/** Attack ramp (raised cosine) times exponential release after `held`, ending at exact zero. */
function envelope(n, attack, held, release) {
  const t = n / SR;
  const a = t < attack ? 0.5 - 0.5 * Math.cos((Math.PI * t) / attack) : 1;
  const r = t > held ? Math.exp(-(t - held) / release) : 1;
  return a * r;
}

function allocate(held, release, minTail = 0) {
  const len = Math.ceil((held + Math.max(release * 7, minTail)) * SR);
  return new Float64Array(len);
}

/** Fades the last few ms of a rendered note to exact zero so truncation never clicks. */
function closeTail(out) {
  const fade = Math.min(out.length, Math.round(0.005 * SR));
  for (let i = 0; i < fade; i++) out[out.length - 1 - i] *= i / fade;
  return out;
}

/** Sum of decaying sine partials: [ratio, amplitude, decay time constant]. */
function additive(f, held, partials, attack, release, rng) {
  const out = allocate(held, release);
  const phases = partials.map(() => rng() * TWO_PI);
  for (let p = 0; p < partials.length; p++) {
    const [ratio, amp, tau] = partials[p];
    const pf = f * ratio;
    if (pf > SR * 0.45) continue;
    const w = (TWO_PI * pf) / SR;
    const k = Math.exp(-1 / (tau * SR));
    let d = amp;
    for (let n = 0; n < out.length; n++) {
      out[n] += d * Math.sin(w * n + phases[p]);
      d *= k;
    }
  }
  for (let n = 0; n < out.length; n++) out[n] *= envelope(n, attack, held, release);
  return closeTail(out);
}

export const INSTRUMENTS = {
  /** Music box: bright tine, mostly fundamental, a touch of octave and an inharmonic ping. */
  musicBox(f, held, rng) {
    const tau = clamp(0.9 * Math.sqrt(523 / f), 0.35, 1.4);
    return additive(
      f,
      held,
      [
        [1, 1, tau],
        [2, 0.2, tau * 0.45],
        [3, 0.05, tau * 0.25],
        [5.43, 0.05, 0.05],
        [8.1, 0.02, 0.015],
      ],
      0.002,
      0.12,
      rng,
    );
  },

  /** Marimba: fundamental plus the tuned 4th and 10th-ish overtones that die away quickly. */
  marimba(f, held, rng) {
    const tau = clamp(0.42 * (262 / f) ** 0.4, 0.14, 0.8);
    return additive(
      f,
      held,
      [
        [1, 1, tau],
        [3.93, 0.28, tau * 0.22],
        [9.2, 0.07, tau * 0.07],
      ],
      0.0015,
      0.08,
      rng,
    );
  },

  /** Soft pluck / harp: Karplus-Strong with a seeded, low-passed excitation. */
  pluck(f, held, rng) {
    const release = 0.14;
    const out = allocate(held, release);
    const loop = SR / f;
    // Loop filter y = (1 - S) z[n] + S z[n-1]: S = 0.5 is the classic average; high notes use a
    // lighter filter so they still ring. Its phase delay (about S samples) is taken off the line.
    const S = clamp(100 / f, 0.1, 0.5);
    const delay = loop - S;
    const t60 = clamp(1.6 * (262 / f) ** 0.3, 0.6, 2.2);
    const rho = 0.001 ** (1 / (f * t60));
    const excLen = Math.ceil(loop);
    const exc = new Float64Array(excLen);
    // Plucked-string shape (triangle, plucked at 30% of the string) for a round tone, with a
    // little low-passed seeded noise for the "finger" attack.
    for (let i = 0; i < excLen; i++) exc[i] = 0.25 * (rng() * 2 - 1);
    for (let pass = 0; pass < 2; pass++) {
      for (let i = 1; i < excLen; i++) exc[i] = 0.5 * (exc[i] + exc[i - 1]);
    }
    for (let i = 0; i < excLen; i++) {
      const x = i / excLen;
      exc[i] += x < 0.3 ? x / 0.3 : (1 - x) / 0.7;
    }
    let mean = 0;
    for (const v of exc) mean += v;
    mean /= excLen;
    const y = new Float64Array(out.length);
    const read = (pos) => {
      if (pos < 0) return 0;
      const i = Math.floor(pos);
      const fr = pos - i;
      return y[i] * (1 - fr) + (i + 1 < y.length ? y[i + 1] : 0) * fr;
    };
    let zPrev = 0;
    for (let n = 0; n < out.length; n++) {
      const z = read(n - delay);
      y[n] = (n < excLen ? exc[n] - mean : 0) + rho * ((1 - S) * z + S * zPrev);
      zPrev = z;
    }
    // DC blocker and a gentle one-pole low-pass (soft "finger" rather than a pick), then envelope.
    const lpk = 1 - Math.exp((-TWO_PI * Math.min(3200, 4 * f)) / SR);
    let x1 = 0;
    let y1 = 0;
    let lp = 0;
    for (let n = 0; n < out.length; n++) {
      const v = y[n] - x1 + 0.995 * y1;
      x1 = y[n];
      y1 = v;
      lp += lpk * (v - lp);
      out[n] = 2 * lp * envelope(n, 0.002, held, release);
    }
    return closeTail(out);
  },

  /** Soft round bass: sine with a little 2nd/3rd harmonic that mellows as the note sustains. */
  bass(f, held, rng) {
    const release = 0.09;
    const out = allocate(held, release);
    const ph = rng() * TWO_PI;
    const w = (TWO_PI * f) / SR;
    for (let n = 0; n < out.length; n++) {
      const t = n / SR;
      const body = 0.62 + 0.38 * Math.exp(-t / 0.3);
      const h = Math.exp(-t / 0.35);
      const s =
        Math.sin(w * n + ph) +
        0.28 * h * Math.sin(2 * (w * n + ph)) +
        0.08 * h * Math.sin(3 * (w * n + ph));
      out[n] = s * body * envelope(n, 0.012, held, release);
    }
    return closeTail(out);
  },

  /** Warm pad: three slightly detuned soft (1/n^2) harmonic stacks with a slow swell. */
  pad(f, held, rng) {
    const release = 0.38;
    const out = allocate(held, release);
    const detunes = [-6, 0, 6];
    for (const cents of detunes) {
      const df = f * 2 ** (cents / 1200);
      for (let h = 1; h <= 5; h++) {
        if (df * h > SR * 0.4) break;
        const w = (TWO_PI * df * h) / SR;
        const amp = 1 / (h * h) / detunes.length;
        const ph = rng() * TWO_PI;
        for (let n = 0; n < out.length; n++) out[n] += amp * Math.sin(w * n + ph);
      }
    }
    for (let n = 0; n < out.length; n++)
      out[n] *= envelope(n, Math.min(0.35, held * 0.6), held, release);
    return closeTail(out);
  },

  /** Electric-piano-like FM tone: 1:1 modulator whose index fades, giving a soft "tine". */
  epiano(f, held, rng) {
    const release = 0.2;
    const out = allocate(held, release);
    const w = (TWO_PI * f) / SR;
    const ph = rng() * TWO_PI;
    const tau = clamp(1.4 * Math.sqrt(262 / f), 0.5, 2);
    for (let n = 0; n < out.length; n++) {
      const t = n / SR;
      const index = 1.3 * Math.exp(-t / 0.22) + 0.25;
      const mod = Math.sin(w * n + ph);
      const s =
        Math.sin(w * n + ph + index * mod) + 0.12 * Math.exp(-t / 0.05) * Math.sin(14 * w * n);
      out[n] = s * (0.35 + 0.65 * Math.exp(-t / tau)) * envelope(n, 0.004, held, release);
    }
    return closeTail(out);
  },

  /** Woodblock-ish tick (pitch from the note), very short. */
  tick(f, _held, rng) {
    const out = new Float64Array(Math.round(0.09 * SR));
    const ph = rng() * TWO_PI;
    for (let n = 0; n < out.length; n++) {
      const t = n / SR;
      out[n] =
        (Math.sin((TWO_PI * f * n) / SR + ph) * Math.exp(-t / 0.014) +
          0.45 * Math.sin((TWO_PI * f * 1.58 * n) / SR) * Math.exp(-t / 0.008)) *
        envelope(n, 0.0008, 1, 1);
    }
    return closeTail(out);
  },

  /** Soft shaker: seeded high-passed noise burst. */
  shaker(_f, _held, rng) {
    const out = new Float64Array(Math.round(0.1 * SR));
    let prev = 0;
    let lp = 0;
    for (let n = 0; n < out.length; n++) {
      const x = rng() * 2 - 1;
      const hp = x - prev;
      prev = x;
      lp += 0.55 * (hp - lp);
      const t = n / SR;
      out[n] = lp * Math.exp(-t / 0.022) * envelope(n, 0.004, 1, 1);
    }
    return closeTail(out);
  },
};

// ---------------------------------------------------------------------------
// Circular (loop-aware) effects and measurement
// ---------------------------------------------------------------------------

/**
 * Runs a causal per-sample processor over the loop as if it had been playing forever:
 * the buffer is fed `warmups` extra times first so filter/delay state is in steady state,
 * and only the final pass is kept. The result is therefore exactly periodic.
 */
function circular(x, makeProcessor, warmups = 2) {
  const process = makeProcessor();
  const out = new Float64Array(x.length);
  for (let pass = 0; pass <= warmups; pass++) {
    const keep = pass === warmups;
    for (let n = 0; n < x.length; n++) {
      const v = process(x[n]);
      if (keep) out[n] = v;
    }
  }
  return out;
}

/** Feedback echo with a damped (low-passed) repeat. */
function echo(delaySamples, feedback, damp) {
  return () => {
    const buf = new Float64Array(delaySamples);
    let i = 0;
    let lp = 0;
    return (x) => {
      const d = buf[i];
      lp += damp * (d - lp);
      buf[i] = x + lp * feedback;
      i = (i + 1) % delaySamples;
      return lp;
    };
  };
}

/** Small Schroeder/Freeverb-style reverb (4 damped combs + 2 allpasses). */
function reverb(roomFeedback = 0.8, damp = 0.35) {
  const scale = SR / 44100;
  const combLens = [1116, 1188, 1277, 1356].map((l) => Math.round(l * scale));
  const apLens = [556, 441].map((l) => Math.round(l * scale));
  return () => {
    const combs = combLens.map((l) => ({ buf: new Float64Array(l), i: 0, lp: 0 }));
    const aps = apLens.map((l) => ({ buf: new Float64Array(l), i: 0 }));
    return (x) => {
      let sum = 0;
      for (const c of combs) {
        const d = c.buf[c.i];
        c.lp = d * (1 - damp) + c.lp * damp;
        c.buf[c.i] = x + c.lp * roomFeedback;
        c.i = (c.i + 1) % c.buf.length;
        sum += d;
      }
      let y = sum * 0.25;
      for (const a of aps) {
        const d = a.buf[a.i];
        const v = -y + d;
        a.buf[a.i] = y + d * 0.5;
        a.i = (a.i + 1) % a.buf.length;
        y = v;
      }
      return y;
    };
  };
}

/** RBJ-cookbook biquad as a per-sample processor factory. */
function biquad(type, f0, q, gainDb = 0) {
  const A = 10 ** (gainDb / 40);
  const w0 = (TWO_PI * f0) / SR;
  const cos = Math.cos(w0);
  const alpha = Math.sin(w0) / (2 * q);
  let b0;
  let b1;
  let b2;
  let a0;
  let a1;
  let a2;
  if (type === 'highpass') {
    b0 = (1 + cos) / 2;
    b1 = -(1 + cos);
    b2 = (1 + cos) / 2;
    a0 = 1 + alpha;
    a1 = -2 * cos;
    a2 = 1 - alpha;
  } else if (type === 'lowpass') {
    b0 = (1 - cos) / 2;
    b1 = 1 - cos;
    b2 = (1 - cos) / 2;
    a0 = 1 + alpha;
    a1 = -2 * cos;
    a2 = 1 - alpha;
  } else if (type === 'highshelf') {
    const s = 2 * Math.sqrt(A) * alpha;
    b0 = A * (A + 1 + (A - 1) * cos + s);
    b1 = -2 * A * (A - 1 + (A + 1) * cos);
    b2 = A * (A + 1 + (A - 1) * cos - s);
    a0 = A + 1 - (A - 1) * cos + s;
    a1 = 2 * (A - 1 - (A + 1) * cos);
    a2 = A + 1 - (A - 1) * cos - s;
  } else {
    throw new Error(`Unknown biquad ${type}`);
  }
  return () => {
    let x1 = 0;
    let x2 = 0;
    let y1 = 0;
    let y2 = 0;
    return (x) => {
      const y = (b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2) / a0;
      x2 = x1;
      x1 = x;
      y2 = y1;
      y1 = y;
      return y;
    };
  };
}

/** Integrated loudness (BS.1770-4: K-weighting, 400 ms blocks, 75% overlap, gating). */
function integratedLufs(x) {
  let k = circular(x, biquad('highshelf', 1681.97, 0.7072, 3.9998));
  k = circular(k, biquad('highpass', 38.135, 0.5003));
  const block = Math.round(0.4 * SR);
  const hop = Math.round(0.1 * SR);
  const powers = [];
  // The loop is periodic, so blocks may wrap round the end.
  for (let start = 0; start < x.length; start += hop) {
    let s = 0;
    for (let i = 0; i < block; i++) {
      const v = k[(start + i) % x.length];
      s += v * v;
    }
    powers.push(s / block);
  }
  const lufs = (p) => -0.691 + 10 * Math.log10(p);
  const mean = (arr) => arr.reduce((a, b) => a + b, 0) / arr.length;
  const abs = powers.filter((p) => lufs(p) > -70);
  const rel = lufs(mean(abs)) - 10;
  return lufs(mean(abs.filter((p) => lufs(p) > rel)));
}

function peakOf(x) {
  let p = 0;
  for (const v of x) p = Math.max(p, Math.abs(v));
  return p;
}

/**
 * Gentle look-ahead peak limiter on a periodic signal: the per-sample required gain is
 * min-filtered over a window and then box-smoothed over the same window (both circular), so the
 * gain is already down when a peak arrives and never jumps; it then recovers slowly.
 */
function limit(x, ceiling) {
  const N = x.length;
  const W = Math.round(0.006 * SR);
  const need = new Float64Array(N);
  for (let n = 0; n < N; n++) need[n] = Math.min(1, ceiling / Math.max(Math.abs(x[n]), 1e-9));
  const mins = new Float64Array(N);
  for (let n = 0; n < N; n++) {
    let m = 1;
    for (let j = 0; j < W; j++) m = Math.min(m, need[(n + j) % N]);
    mins[n] = m;
  }
  const smooth = new Float64Array(N);
  for (let n = 0; n < N; n++) {
    let s = 0;
    for (let j = 0; j < W; j++) s += mins[(n - j + N) % N];
    smooth[n] = s / W;
  }
  // Slow (80 ms) release so the gain does not flutter between nearby peaks; run twice round the
  // loop so the start of the loop sees the state left by its end.
  const rel = 1 - Math.exp(-1 / (0.08 * SR));
  const gain = new Float64Array(N);
  let g = 1;
  for (let pass = 0; pass < 2; pass++) {
    for (let n = 0; n < N; n++) {
      g = Math.min(smooth[n], g + (1 - g) * rel);
      gain[n] = g;
    }
  }
  return x.map((v, n) => v * gain[n]);
}

// ---------------------------------------------------------------------------
// Scores
// ---------------------------------------------------------------------------

/**
 * A track: tempo, chords (one per bar), and a function that turns them into parts.
 * Every part is a list of { beat, note, beats, vel }, rendered with one instrument and mixed with
 * its own gain and effect sends. `breath` beats at the end of the loop are kept free of held
 * notes so the seam is quiet.
 */
const BEATS_PER_BAR = 4;

function chordParts(chords, fn) {
  const out = [];
  chords.forEach((c, bar) => {
    for (const e of fn(c, bar)) out.push({ ...e, beat: bar * BEATS_PER_BAR + e.beat });
  });
  return out;
}

const TRACKS = [
  {
    name: 'library',
    title: 'PicBook - Library (storybook lullaby)',
    bpm: 90,
    breath: 0.5,
    // C | Am | F | G | C | Am | F | G
    chords: [
      { bass: 'C3', fifth: 'G2', tones: ['C4', 'E4', 'G4'] },
      { bass: 'A2', fifth: 'E3', tones: ['A3', 'C4', 'E4'] },
      { bass: 'F2', fifth: 'C3', tones: ['A3', 'C4', 'F4'] },
      { bass: 'G2', fifth: 'D3', tones: ['B3', 'D4', 'G4'] },
      { bass: 'C3', fifth: 'G2', tones: ['C4', 'E4', 'G4'] },
      { bass: 'A2', fifth: 'E3', tones: ['A3', 'C4', 'E4'] },
      { bass: 'F2', fifth: 'C3', tones: ['A3', 'C4', 'F4'] },
      { bass: 'G2', fifth: 'D3', tones: ['B3', 'D4', 'G4'] },
    ],
    parts(chords) {
      const melody = parseVoice(
        `G5:1.5 E5:.5 C5:1 E5:1
         A5:1.5 G5:.5 E5:2
         F5:1 A5:1 C6:1 A5:1
         G5:1.5 F5:.5 D5:2
         E5:1 G5:1 C6:1.5 B5:.5
         A5:1 E5:1 C5:2
         D5:1 F5:1 A5:1 G5:1
         B4:1 D5:1 G5:1.5 r:.5`,
        32,
        'library melody',
      );
      return [
        { instrument: 'musicBox', gain: 1, echo: 0.3, reverb: 0.3, notes: melody },
        {
          instrument: 'pluck',
          gain: 0.6,
          reverb: 0.25,
          notes: chordParts(chords, (c) => {
            const [a, b, d] = c.tones;
            return [a, b, d, b].map((note, i) => ({
              beat: i,
              note,
              beats: 0.9,
              vel: i === 0 ? 1 : 0.8,
            }));
          }),
        },
        {
          instrument: 'pad',
          gain: 0.13,
          reverb: 0.4,
          notes: chordParts(chords, (c) => c.tones.map((note) => ({ beat: 0, note, beats: 4 }))),
        },
        {
          instrument: 'bass',
          gain: 0.5,
          reverb: 0.1,
          notes: chordParts(chords, (c, bar) =>
            bar % 2 === 1
              ? [
                  { beat: 0, note: c.bass, beats: 2.6 },
                  { beat: 3, note: c.fifth, beats: 0.8, vel: 0.7 },
                ]
              : [{ beat: 0, note: c.bass, beats: 3.6 }],
          ),
        },
      ];
    },
  },
  {
    name: 'learning',
    title: 'PicBook - Learning (bright and bouncy)',
    bpm: 110,
    breath: 0.25,
    // G | C | D | G | Em | C | Am | D
    chords: [
      { bass: 'G2', fifth: 'D3', tones: ['G4', 'B4', 'D5'] },
      { bass: 'C3', fifth: 'G2', tones: ['G4', 'C5', 'E5'] },
      { bass: 'D3', fifth: 'A2', tones: ['F#4', 'A4', 'D5'] },
      { bass: 'G2', fifth: 'D3', tones: ['G4', 'B4', 'D5'] },
      { bass: 'E2', fifth: 'B2', tones: ['G4', 'B4', 'E5'] },
      { bass: 'C3', fifth: 'G2', tones: ['G4', 'C5', 'E5'] },
      { bass: 'A2', fifth: 'E3', tones: ['A4', 'C5', 'E5'] },
      { bass: 'D3', fifth: 'A2', tones: ['F#4', 'A4', 'D5'] },
    ],
    parts(chords) {
      const melodyText = `G5:.5 B5:.5 D6:1 B5:.5 G5:.5 A5:1
         G5:.5 E5:.5 C5:1 E5:.5 G5:.5 E5:1
         F#5:.5 A5:.5 D6:1 C6:.5 A5:.5 F#5:1
         G5:1.5 D5:.5 G5:1 r:1
         B5:.5 G5:.5 E5:1 G5:.5 B5:.5 E6:1
         D6:.5 C6:.5 G5:1 E5:.5 G5:.5 C6:1
         B5:.5 A5:.5 E5:1 A5:.5 C6:.5 B5:1
         A5:.5 F#5:.5 D5:1 E5:.5 F#5:.5 r:1`;
      const melody = parseVoice(melodyText, 32, 'learning melody').map((n) => ({
        ...n,
        vel: n.beat % 1 === 0 ? 1 : 0.85,
      }));
      // A sparkle of music box an octave up in the second half.
      const sparkle = melody
        .filter((n) => n.beat >= 16 && n.beat % 1 === 0)
        .map((n) => ({ ...n, note: octave(n.note, 1), vel: 0.9 }));
      const shaker = [];
      for (let beat = 0; beat < 32; beat += 0.5) {
        shaker.push({ beat, note: 'C4', beats: 0.1, vel: beat % 1 === 0 ? 0.45 : 1 });
      }
      return [
        { instrument: 'marimba', gain: 1, reverb: 0.22, echo: 0.12, notes: melody },
        { instrument: 'musicBox', gain: 0.35, reverb: 0.3, echo: 0.2, notes: sparkle },
        {
          instrument: 'pluck',
          gain: 0.26,
          reverb: 0.2,
          notes: chordParts(chords, (c, bar) =>
            [0.5, 1.5, 2.5, 3.5].flatMap((beat) =>
              // The pickup into the loop point is a lighter, shorter chord.
              c.tones.map((note) =>
                bar === 7 && beat === 3.5
                  ? { beat, note, beats: 0.2, vel: 0.7 }
                  : { beat, note, beats: 0.3 },
              ),
            ),
          ),
        },
        {
          instrument: 'bass',
          gain: 0.45,
          reverb: 0.08,
          notes: chordParts(chords, (c) =>
            [c.bass, c.fifth, c.bass, c.fifth].map((note, i) => ({
              beat: i,
              note,
              beats: 0.55,
              vel: i % 2 === 0 ? 1 : 0.8,
            })),
          ),
        },
        { instrument: 'shaker', gain: 0.4, reverb: 0.1, notes: shaker },
      ];
    },
  },
  {
    name: 'words',
    title: 'PicBook - Words (playful pentatonic)',
    bpm: 100,
    breath: 0.5,
    // C | Am7 | Dm7 | G(sus2) | C | Am7 | Dm7 | G(sus2): pentatonic colours, no leading tone
    chords: [
      { bass: 'C3', fifth: 'G2', tones: ['C4', 'E4', 'G4'] },
      { bass: 'A2', fifth: 'E2', tones: ['A3', 'C4', 'E4', 'G4'] },
      { bass: 'D3', fifth: 'A2', tones: ['A3', 'C4', 'D4', 'F4'] },
      { bass: 'G2', fifth: 'D3', tones: ['G3', 'A3', 'D4'] },
      { bass: 'C3', fifth: 'G2', tones: ['C4', 'E4', 'G4'] },
      { bass: 'A2', fifth: 'E2', tones: ['A3', 'C4', 'E4', 'G4'] },
      { bass: 'D3', fifth: 'A2', tones: ['A3', 'C4', 'D4', 'F4'] },
      { bass: 'G2', fifth: 'D3', tones: ['G3', 'A3', 'D4'] },
    ],
    parts(chords) {
      // Call (pluck) and answer (bells), all in C major pentatonic (C D E G A).
      const call = parseVoice(
        `C5:.5 D5:.5 E5:.5 G5:.5 r:.5 E5:.5 G5:1
         A5:.5 G5:.5 E5:.5 D5:.5 r:.5 C5:.5 A4:1
         D5:.5 E5:.5 G5:.5 A5:.5 r:.5 C6:.5 A5:1
         G5:.5 E5:.5 D5:1 r:2
         E5:.5 G5:.5 A5:.5 C6:.5 r:.5 A5:.5 C6:1
         D6:.5 C6:.5 A5:.5 G5:.5 r:.5 E5:.5 G5:1
         A5:.5 G5:.5 E5:.5 D5:.5 r:.5 E5:.5 D5:.5 C5:.5
         D5:1.5 r:2.5`,
        32,
        'words call',
      );
      const answer = parseVoice(
        `r:14 E5:.5 G5:.5 A5:.5 r:.5
         r:13.5 E5:.5 D5:.5 C5:.5 A4:.5 r:.5`,
        32,
        'words answer',
      );
      const ticks = [];
      for (let bar = 0; bar < 8; bar++) {
        ticks.push({ beat: bar * 4 + 1, note: 'E6', beats: 0.1, vel: 1 });
        ticks.push({ beat: bar * 4 + 3, note: 'E6', beats: 0.1, vel: 1 });
        if (bar < 7) ticks.push({ beat: bar * 4 + 3.5, note: 'A5', beats: 0.1, vel: 0.6 });
      }
      return [
        { instrument: 'pluck', gain: 1, echo: 0.22, reverb: 0.2, notes: call },
        {
          instrument: 'musicBox',
          gain: 0.55,
          echo: 0.3,
          reverb: 0.35,
          notes: answer.map((n) => ({ ...n, note: octave(n.note, 1) })),
        },
        {
          instrument: 'pad',
          gain: 0.1,
          reverb: 0.4,
          notes: chordParts(chords, (c) => c.tones.map((note) => ({ beat: 0, note, beats: 3.8 }))),
        },
        {
          instrument: 'marimba',
          gain: 0.35,
          reverb: 0.1,
          notes: chordParts(chords, (c) => [
            { beat: 0, note: c.bass, beats: 0.8 },
            { beat: 1.5, note: c.fifth, beats: 0.4, vel: 0.7 },
            { beat: 2, note: c.bass, beats: 0.8, vel: 0.9 },
            { beat: 3, note: c.fifth, beats: 0.4, vel: 0.7 },
          ]),
        },
        {
          instrument: 'bass',
          gain: 0.35,
          reverb: 0.05,
          notes: chordParts(chords, (c) => [
            { beat: 0, note: c.bass, beats: 1.5 },
            { beat: 2, note: c.bass, beats: 1.5, vel: 0.85 },
          ]),
        },
        { instrument: 'tick', gain: 0.25, reverb: 0.15, notes: ticks },
      ];
    },
  },
  {
    name: 'growth',
    title: 'PicBook - Growth (warm and proud)',
    bpm: 96,
    breath: 0.5,
    // F | C/E | Dm | Bb | F/A | Bb | Gm7 | C7
    chords: [
      { bass: 'F2', tones: ['F3', 'C4', 'F4', 'A4'] },
      { bass: 'E2', tones: ['E3', 'C4', 'E4', 'G4'] },
      { bass: 'D3', tones: ['D3', 'A3', 'D4', 'F4'] },
      { bass: 'Bb2', tones: ['Bb2', 'F3', 'Bb3', 'D4'] },
      { bass: 'A2', tones: ['F3', 'C4', 'F4', 'A4'] },
      { bass: 'Bb2', tones: ['Bb2', 'F3', 'Bb3', 'D4'] },
      { bass: 'G2', tones: ['G3', 'D4', 'F4', 'Bb4'] },
      { bass: 'C3', tones: ['C3', 'G3', 'Bb3', 'E4'] },
    ],
    parts(chords) {
      const melody = parseVoice(
        `C5:1 F5:1 A5:1.5 G5:.5
         G5:1.5 F5:.5 E5:2
         F5:1 A5:1 D6:1.5 C6:.5
         Bb5:1 A5:.5 G5:.5 F5:2
         A5:1 C6:1 F6:1.5 E6:.5
         D6:1 Bb5:1 F5:1.5 G5:.5
         G5:1 Bb5:1 D6:1 C6:1
         C6:1 Bb5:1 G5:1 r:1`,
        32,
        'growth melody',
      );
      const bells = melody
        .filter((n) => n.beat >= 16 && n.beats >= 1)
        .map((n) => ({ ...n, note: octave(n.note, 1), vel: 0.9 }));
      return [
        { instrument: 'epiano', gain: 0.9, reverb: 0.35, echo: 0.12, notes: melody },
        { instrument: 'musicBox', gain: 0.3, reverb: 0.35, echo: 0.2, notes: bells },
        {
          instrument: 'marimba',
          gain: 0.34,
          reverb: 0.2,
          notes: chordParts(chords, (c, bar) => {
            const [a, b, d, e] = c.tones;
            // Rising/falling arpeggio in 8ths; the last bar stops a half-beat early for the seam.
            const pattern = bar === 7 ? [a, b, d, e, d, b, d] : [a, b, d, e, d, b, d, e];
            return pattern.map((note, i) => ({
              beat: i * 0.5,
              note: octave(note, 1),
              beats: 0.45,
              vel: i % 2 === 0 ? 1 : 0.75,
            }));
          }),
        },
        {
          instrument: 'pad',
          gain: 0.17,
          reverb: 0.45,
          notes: chordParts(chords, (c) =>
            c.tones.slice(1).map((note) => ({ beat: 0, note, beats: 4 })),
          ),
        },
        {
          instrument: 'bass',
          gain: 0.55,
          reverb: 0.1,
          notes: chordParts(chords, (c, bar) =>
            bar === 7
              ? [
                  { beat: 0, note: 'C3', beats: 1.8 },
                  { beat: 2, note: 'E2', beats: 1.4, vel: 0.85 },
                ]
              : [
                  { beat: 0, note: c.bass, beats: 1.8 },
                  { beat: 2, note: c.bass, beats: 1.8, vel: 0.85 },
                ],
          ),
        },
      ];
    },
  },
];

// ---------------------------------------------------------------------------
// Rendering
// ---------------------------------------------------------------------------

function renderTrack(track, onlyPart = -1) {
  const totalBeats = track.chords.length * BEATS_PER_BAR;
  const N = Math.round(((totalBeats * 60) / track.bpm) * SR);
  const secPerBeat = N / SR / totalBeats; // exact, so the loop is a whole number of beats
  const rng = mulberry32(hash(track.name));
  const dry = new Float64Array(N);
  const revSend = new Float64Array(N);
  const echoSend = new Float64Array(N);
  const latestRelease = totalBeats - track.breath;

  const parts = track.parts(track.chords);
  for (let p = 0; p < parts.length; p++) {
    const part = parts[p];
    if (onlyPart >= 0 && p !== onlyPart) continue;
    const render = INSTRUMENTS[part.instrument];
    for (const note of part.notes) {
      // Every held note is released before the loop's closing breath.
      const beats = Math.min(note.beats, latestRelease - note.beat);
      if (beats <= 0)
        throw new Error(`${track.name}: note at beat ${note.beat} falls in the closing breath`);
      const samples = render(freq(note.note), beats * secPerBeat, rng);
      const vel = (note.vel ?? 1) * (1 + 0.08 * (rng() - 0.5)); // gentle, seeded humanising
      const g = part.gain * vel;
      const start = Math.round(note.beat * secPerBeat * SR);
      for (let i = 0; i < samples.length; i++) {
        const idx = (start + i) % N; // circular: tails wrap to the start of the loop
        const v = samples[i] * g;
        dry[idx] += v;
        revSend[idx] += v * (part.reverb ?? 0);
        echoSend[idx] += v * (part.echo ?? 0);
      }
    }
  }

  const dottedEighth = Math.round(0.75 * secPerBeat * SR);
  const wetEcho = circular(echoSend, echo(dottedEighth, 0.32, 0.45));
  const wetRev = circular(revSend, reverb(0.8, 0.35));
  let mix = new Float64Array(N);
  for (let n = 0; n < N; n++) mix[n] = dry[n] + 0.55 * wetEcho[n] + 0.9 * wetRev[n];
  // Keep it soft and unobtrusive: trim sub-bass rumble and tame the top.
  mix = circular(mix, biquad('highpass', 45, Math.SQRT1_2));
  mix = circular(mix, biquad('lowpass', 7000, Math.SQRT1_2));
  return mix;
}

/**
 * Loudness-normalise to TARGET_LUFS, limiting peaks to the ceiling (iterates to converge).
 * Returns the mastered signal and the largest limiter gain reduction in dB.
 */
function master(mix) {
  const ceiling = dbToGain(PEAK_CEILING_DB);
  let gain = dbToGain(TARGET_LUFS - integratedLufs(mix));
  let out = mix;
  let reduction = 0;
  for (let iter = 0; iter < 4; iter++) {
    const scaled = mix.map((v) => v * gain);
    const peak = peakOf(scaled);
    reduction = Math.max(0, gainToDb(peak / ceiling));
    out = peak > ceiling ? limit(scaled, ceiling) : scaled;
    const err = TARGET_LUFS - integratedLufs(out);
    if (Math.abs(err) < 0.05) break;
    gain *= dbToGain(err);
  }
  // Never exceed the ceiling even if the loudness loop pushed the gain up.
  const p = peakOf(out);
  if (p > ceiling) out = out.map((v) => (v * ceiling) / p);
  return { pcm: out, reduction };
}

/**
 * The loop is already continuous across the seam (see renderTrack). As a belt-and-braces guard
 * for players that ignore MP3 gapless info and insert the encoder padding as a short silence,
 * the quiet closing breath is faded to zero over its last 15 ms and the start is faded in over
 * 3 ms, so a gap at the seam can never produce a step.
 */
function seamFade(x) {
  const out = Float64Array.from(x);
  const fadeOut = Math.round(0.015 * SR);
  const fadeIn = Math.round(0.003 * SR);
  for (let i = 0; i < fadeOut; i++)
    out[out.length - 1 - i] *= 0.5 - 0.5 * Math.cos((Math.PI * i) / fadeOut);
  for (let i = 0; i < fadeIn; i++) out[i] *= 0.5 - 0.5 * Math.cos((Math.PI * i) / fadeIn);
  return out;
}

function toWav(x) {
  const N = x.length;
  const buf = Buffer.alloc(44 + N * 2);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + N * 2, 4);
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(1, 22); // mono
  buf.writeUInt32LE(SR, 24);
  buf.writeUInt32LE(SR * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(N * 2, 40);
  for (let n = 0; n < N; n++)
    buf.writeInt16LE(clamp(Math.round(x[n] * 32767), -32768, 32767), 44 + n * 2);
  return buf;
}

// ---------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------

function main() {
  const args = process.argv.slice(2);
  const outIdx = args.indexOf('--out');
  if (outIdx >= 0 && !args[outIdx + 1]) {
    console.error('generate-bgm: --out needs a directory');
    process.exit(2);
  }
  const outDir =
    outIdx >= 0 ? resolve(args[outIdx + 1]) : join(ROOT, 'content', 'media', 'audio', 'bgm');
  const keepWav = args.includes('--keep-wav');

  const probe = spawnSync('lame', ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    console.error(
      'generate-bgm: the `lame` MP3 encoder was not found on PATH.\n' +
        'Install it and run again, e.g. on Debian/Ubuntu:\n\n' +
        '    apt-get update && apt-get install -y lame\n',
    );
    process.exit(1);
  }

  mkdirSync(outDir, { recursive: true });
  const tmp = mkdtempSync(join(tmpdir(), 'picbook-bgm-'));
  try {
    for (const track of TRACKS) {
      const mastered = master(renderTrack(track));
      const pcm = seamFade(mastered.pcm);
      const reduction = mastered.reduction;
      const wavPath = join(tmp, `${track.name}.wav`);
      const mp3Path = join(outDir, `${track.name}.mp3`);
      writeFileSync(wavPath, toWav(pcm));
      const enc = spawnSync(
        'lame',
        [
          '--quiet',
          '-m',
          'm',
          '-b',
          '64',
          '-q',
          '2',
          '--tt',
          track.title,
          '--ta',
          'PicBook',
          wavPath,
          mp3Path,
        ],
        { encoding: 'utf8' },
      );
      if (enc.status !== 0)
        throw new Error(`lame failed for ${track.name}: ${enc.stderr || enc.error}`);
      if (keepWav) copyFileSync(wavPath, join(outDir, `${track.name}.wav`));
      const seconds = pcm.length / SR;
      console.log(
        `${track.name.padEnd(9)} ${seconds.toFixed(3)} s  ${track.bpm} BPM  ` +
          `${integratedLufs(pcm).toFixed(1)} LUFS  peak ${gainToDb(peakOf(pcm)).toFixed(1)} dBFS  ` +
          `(limiter <= ${reduction.toFixed(1)} dB)  ` +
          `${(statSync(mp3Path).size / 1024).toFixed(1)} KB  -> ${mp3Path}`,
      );
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();

export { integratedLufs, master, peakOf, renderTrack, SR, TRACKS };
