/**
 * The live input level for the microphone button: RMS in dB mapped to 0–1, rising fast and
 * falling slowly (like a VU meter), published about 30 times a second of audio as a store for
 * `useSyncExternalStore`.
 */

export interface MeterSnapshot {
  /** 0 (silence, ≤ floorDb) … 1 (loud, ≥ ceilingDb). */
  readonly level: number;
  /** Seconds of audio recorded so far (for the countdown ring). */
  readonly seconds: number;
}

export interface LevelMeterOptions {
  sampleRate?: number;
  floorDb?: number;
  ceilingDb?: number;
  /** Publications per second of audio. */
  rate?: number;
}

const ATTACK = 0.6;
const RELEASE = 0.18;
export const IDLE_METER: MeterSnapshot = Object.freeze({ level: 0, seconds: 0 });

/** Maps a level in dBFS linearly onto 0–1 between the floor and the ceiling. */
export function dbToLevel(db: number, floorDb = -60, ceilingDb = -12): number {
  return Math.min(1, Math.max(0, (db - floorDb) / (ceilingDb - floorDb)));
}

export class LevelMeter {
  private readonly sampleRate: number;
  private readonly floorDb: number;
  private readonly ceilingDb: number;
  private readonly period: number;
  private readonly listeners = new Set<() => void>();
  private snapshotValue: MeterSnapshot = IDLE_METER;
  private smoothed = 0;
  private total = 0;
  private sinceLast = 0;
  private sumSquares = 0;

  constructor(options: LevelMeterOptions = {}) {
    this.sampleRate = options.sampleRate ?? 16_000;
    this.floorDb = options.floorDb ?? -60;
    this.ceilingDb = options.ceilingDb ?? -12;
    this.period = Math.round(this.sampleRate / (options.rate ?? 30));
  }

  /** Feeds float samples; publishes once per period of audio. */
  push(samples: Float32Array): void {
    for (let i = 0; i < samples.length; i++) {
      const s = samples[i] ?? 0;
      this.sumSquares += s * s;
      this.sinceLast++;
      this.total++;
      if (this.sinceLast === this.period) this.publish();
    }
  }

  /** Back to silence and zero seconds (publishes when it changes anything). */
  reset(): void {
    this.smoothed = 0;
    this.total = 0;
    this.sinceLast = 0;
    this.sumSquares = 0;
    if (this.snapshotValue !== IDLE_METER) {
      this.snapshotValue = IDLE_METER;
      this.emit();
    }
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): MeterSnapshot => this.snapshotValue;

  private publish(): void {
    const rms = Math.sqrt(this.sumSquares / this.sinceLast);
    const db = rms > 1e-5 ? 20 * Math.log10(rms) : -100;
    const target = dbToLevel(db, this.floorDb, this.ceilingDb);
    this.smoothed += (target - this.smoothed) * (target > this.smoothed ? ATTACK : RELEASE);
    if (this.smoothed < 0.001) this.smoothed = 0;
    this.sumSquares = 0;
    this.sinceLast = 0;
    this.snapshotValue = {
      level: this.smoothed,
      seconds: this.total / this.sampleRate,
    };
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
