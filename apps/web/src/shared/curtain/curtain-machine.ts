/**
 * The loading curtain (spec §4): 0 hidden; 1 entering (progress reset, visible "entered" after
 * one frame ≈16.7 ms, covered after 800 ms); 2 covered (progress % and optional hint);
 * 3 leaving (hidden after 800 ms, text cleared). Going back while covered starts leaving.
 * A curtain still up after 30 s fires the slow-curtain report.
 */
export type CurtainPhase = 0 | 1 | 2 | 3;

export const CURTAIN_FRAME_MS = 16.7;
export const CURTAIN_TRANSITION_MS = 800;
export const CURTAIN_SLOW_MS = 30_000;

export interface CurtainSnapshot {
  phase: CurtainPhase;
  /** True one frame after entering starts, so CSS can transition from the initial position. */
  entered: boolean;
  progress: number;
  hint: string;
}

export interface CurtainTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: CurtainTimers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export class CurtainMachine {
  private snapshot: CurtainSnapshot = { phase: 0, entered: false, progress: 0, hint: '' };
  private listeners = new Set<(s: CurtainSnapshot) => void>();
  private covered: Array<() => void> = [];
  private stepTimer: unknown = null;
  private slowTimer: unknown = null;

  constructor(
    private readonly onSlow: () => void = () => {},
    private readonly timers: CurtainTimers = realTimers,
  ) {}

  get state(): CurtainSnapshot {
    return this.snapshot;
  }

  subscribe(listener: (s: CurtainSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Raises the curtain; resolves once it covers the screen (phase 2). */
  enter(hint = ''): Promise<void> {
    if (this.snapshot.phase === 2) {
      this.update({ hint: hint || this.snapshot.hint });
      return Promise.resolve();
    }
    const done = new Promise<void>((resolve) => this.covered.push(resolve));
    if (this.snapshot.phase === 1) return done;
    this.clearStep();
    this.update({ phase: 1, entered: false, progress: 0, hint });
    this.startSlowTimer();
    this.stepTimer = this.timers.setTimeout(() => {
      this.update({ entered: true });
      this.stepTimer = this.timers.setTimeout(() => {
        this.stepTimer = null;
        this.update({ phase: 2, progress: Math.max(this.snapshot.progress, 0) });
        const waiting = this.covered;
        this.covered = [];
        for (const resolve of waiting) resolve();
      }, CURTAIN_TRANSITION_MS);
    }, CURTAIN_FRAME_MS);
    return done;
  }

  setProgress(progress: number): void {
    if (this.snapshot.phase === 0 || this.snapshot.phase === 3) return;
    this.update({ progress: Math.min(100, Math.max(0, Math.round(progress))) });
  }

  setHint(hint: string): void {
    if (this.snapshot.phase !== 0) this.update({ hint });
  }

  /** Lowers the curtain (from entering or covered); hidden after 800 ms. */
  leave(): void {
    const { phase } = this.snapshot;
    if (phase === 0 || phase === 3) return;
    this.clearStep();
    this.clearSlowTimer();
    // Anyone still waiting for cover gets it now, so no navigation is left hanging.
    const waiting = this.covered;
    this.covered = [];
    for (const resolve of waiting) resolve();
    this.update({ phase: 3, progress: 100 });
    this.stepTimer = this.timers.setTimeout(() => {
      this.stepTimer = null;
      this.update({ phase: 0, entered: false, progress: 0, hint: '' });
    }, CURTAIN_TRANSITION_MS);
  }

  /** Back navigation while covered lowers the curtain. */
  back(): void {
    if (this.snapshot.phase === 2) this.leave();
  }

  private startSlowTimer() {
    this.clearSlowTimer();
    this.slowTimer = this.timers.setTimeout(() => {
      this.slowTimer = null;
      if (this.snapshot.phase === 1 || this.snapshot.phase === 2) this.onSlow();
    }, CURTAIN_SLOW_MS);
  }

  private clearSlowTimer() {
    if (this.slowTimer !== null) this.timers.clearTimeout(this.slowTimer);
    this.slowTimer = null;
  }

  private clearStep() {
    if (this.stepTimer !== null) this.timers.clearTimeout(this.stepTimer);
    this.stepTimer = null;
  }

  private update(patch: Partial<CurtainSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener(this.snapshot);
  }
}
