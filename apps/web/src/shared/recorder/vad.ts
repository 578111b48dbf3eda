import { rmsDb } from './resample';

/**
 * End-of-speech detection by energy with an adaptive noise floor. Works on 20 ms frames of the
 * 16 kHz stream: a frame well above the floor is speech; once speech has been heard, a run of
 * quiet frames as long as `silenceMs` ends the recording.
 */

export interface VadOptions {
  sampleRate?: number;
  frameMs?: number;
  /** Quiet time after speech that ends the recording (default 1200 ms). */
  silenceMs?: number;
  /** Speech must last this long before it counts as heard (default 100 ms): clicks do not. */
  minSpeechMs?: number;
  /** A frame this far above the noise floor starts speech (dB). */
  onDb?: number;
  /** While speaking, frames this far above the floor still count as speech (hysteresis, dB). */
  offDb?: number;
  /** Frames quieter than this are never speech, whatever the floor (dBFS). */
  minSpeechDb?: number;
}

export interface VadSnapshot {
  heardSpeech: boolean;
  isSpeaking: boolean;
  /** Total time of speech frames. */
  speechMs: number;
  /** Current run of quiet frames after speech. */
  silenceMs: number;
  noiseFloorDb: number;
  lastDb: number;
}

export const VAD_DEFAULTS = {
  sampleRate: 16_000,
  frameMs: 20,
  silenceMs: 1200,
  minSpeechMs: 100,
  onDb: 12,
  offDb: 6,
  minSpeechDb: -55,
} as const satisfies Required<VadOptions>;

/** The floor follows quieter frames quickly (≈ 60 ms) and louder ones slowly (≈ 2 s). */
const FLOOR_FALL = 0.3;
const FLOOR_RISE = 0.01;

export class EndOfSpeechDetector {
  private readonly options: Required<VadOptions>;
  private readonly frameSize: number;
  private readonly frame: Float32Array;
  private fill = 0;
  private floor: number | null = null;
  private speaking = false;
  private speechRun = 0;
  private heard = false;
  private speechMs = 0;
  private silenceMs = 0;
  private lastDb = -100;
  private ended = false;

  constructor(options: VadOptions = {}) {
    this.options = { ...VAD_DEFAULTS, ...options };
    this.frameSize = Math.round((this.options.sampleRate * this.options.frameMs) / 1000);
    this.frame = new Float32Array(this.frameSize);
  }

  /**
   * Feeds samples (float −1…1 or 16-bit); returns true once, on the frame where the silence after
   * speech reaches `silenceMs`.
   */
  push(samples: Float32Array | Int16Array): boolean {
    const scale = samples instanceof Int16Array ? 1 / 32768 : 1;
    let endedNow = false;
    for (let i = 0; i < samples.length; i++) {
      this.frame[this.fill++] = (samples[i] ?? 0) * scale;
      if (this.fill === this.frameSize) {
        this.fill = 0;
        if (this.analyse(rmsDb(this.frame)) && !this.ended) {
          this.ended = true;
          endedNow = true;
        }
      }
    }
    return endedNow;
  }

  get snapshot(): VadSnapshot {
    return {
      heardSpeech: this.heard,
      isSpeaking: this.speaking,
      speechMs: this.speechMs,
      silenceMs: this.silenceMs,
      noiseFloorDb: this.floor ?? -100,
      lastDb: this.lastDb,
    };
  }

  /** One frame; true when the end-of-speech silence is complete. */
  private analyse(db: number): boolean {
    const { frameMs, onDb, offDb, minSpeechDb, minSpeechMs, silenceMs } = this.options;
    this.lastDb = db;
    // The first frame (after the prompt sound) seeds the floor; pauses between words pull it down.
    const floor = this.floor ?? db;
    const threshold = this.speaking ? floor + offDb : floor + onDb;
    const isSpeech = db > threshold && db > (this.speaking ? minSpeechDb - offDb : minSpeechDb);
    this.floor = floor + (db - floor) * (db < floor ? FLOOR_FALL : FLOOR_RISE);

    if (isSpeech) {
      this.speechRun += frameMs;
      this.speechMs += frameMs;
      this.silenceMs = 0;
      if (this.speechRun >= minSpeechMs) {
        this.heard = true;
        this.speaking = true;
      }
      return false;
    }
    this.speechRun = 0;
    this.speaking = false;
    if (!this.heard) return false;
    this.silenceMs += frameMs;
    return this.silenceMs >= silenceMs;
  }
}
