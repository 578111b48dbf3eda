import type { AudioEnvironment } from './environment';

const RAMP_STEP_MS = 25;

/** A value ramped linearly by a timer (volume fades and ducking). */
export class Ramp {
  private timer: number | null = null;
  private settle: ((reached: boolean) => void) | null = null;

  constructor(
    public value: number,
    private readonly env: AudioEnvironment,
    private readonly apply: () => void,
  ) {}

  to(target: number, ms: number): Promise<boolean> {
    this.cancel();
    if (ms <= 0 || target === this.value) {
      this.value = target;
      this.apply();
      return Promise.resolve(true);
    }
    const from = this.value;
    const startedAt = this.env.now();
    return new Promise((resolve) => {
      this.settle = resolve;
      this.timer = this.env.setInterval(() => {
        const t = Math.min(1, (this.env.now() - startedAt) / ms);
        this.value = from + (target - from) * t;
        this.apply();
        if (t >= 1) this.stop(true);
      }, RAMP_STEP_MS);
    });
  }

  set(value: number): void {
    this.cancel();
    this.value = value;
    this.apply();
  }

  cancel(): void {
    this.stop(false);
  }

  private stop(reached: boolean): void {
    if (this.timer !== null) this.env.clearInterval(this.timer);
    this.timer = null;
    const settle = this.settle;
    this.settle = null;
    settle?.(reached);
  }
}
