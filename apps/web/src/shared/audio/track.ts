import {
  type Cancel,
  DEFAULT_SPEED,
  DUCK_FADE_MS,
  DUCK_LEVEL,
  noop,
  PROGRESS_INTERVAL_MS,
  type Track,
  type TrackListener,
  type TrackOptions,
  type TrackSnapshot,
} from './audio-types';
import type {
  AudioBufferLike,
  AudioChannel,
  AudioContextLike,
  AudioElementLike,
  AudioEnvironment,
} from './environment';
import {
  BufferPlayback,
  ElementPlayback,
  type Playback,
  type PlaybackHandlers,
  type PlaybackOptions,
} from './playback';
import { releaseElement } from './preload';
import { Ramp } from './ramp';

/**
 * What a track needs from the engine: its channels (activate, hold while hidden), the preload
 * cache, the autoplay unlock and the environment.
 */
export interface TrackHost {
  readonly env: AudioEnvironment;
  readonly effectsAreMuted: boolean;
  activate(track: TrackImpl): void;
  deactivate(track: TrackImpl): void;
  shouldHold(): boolean;
  report(kind: 'missing' | 'failed', track: TrackImpl, url: string, reason: string): void;
  cachedBuffer(url: string): AudioBufferLike | undefined;
  loadingBuffer(url: string): Promise<AudioBufferLike | null> | undefined;
  loadBuffer(url: string): Promise<AudioBufferLike | null>;
  takePrimed(url: string): AudioElementLike | undefined;
  /** Web Audio can be used: a context exists or may still be made (maybe after the first tap). */
  hasWebAudio(): boolean;
  getContext(): AudioContextLike | null;
  whenContextRunning(start: () => void): Cancel;
  waitForGesture(callback: () => void): Cancel;
  markUnlocked(): void;
  isAudioUnlocked(): boolean;
}

/**
 * A track: one file or a list played in order (interval between items, loop with its own
 * interval), an exact segment [start, end) of one file (decoded, on Web Audio, keeping the file's
 * time line), speed, volume, fade-in and ducking, progress every 100 ms, and the states of the
 * spec. Web Audio plays decoded files; an HTMLAudio element streams the rest.
 */
export class TrackImpl implements Track {
  readonly urls: readonly string[];
  readonly channel: AudioChannel;
  readonly silentErrors: boolean;
  private snap: TrackSnapshot;
  private readonly listeners = new Set<TrackListener>();
  private readonly segStart: number;
  private readonly segEnd: number;
  private readonly isSegment: boolean;
  private readonly loop: boolean;
  private readonly interval: number;
  private readonly loopInterval: number;
  private readonly needProgress: boolean;
  private readonly fadeInMs: number;
  private speed: number;
  private baseVolume: number;
  private readonly fadeRamp: Ramp;
  private readonly duckRamp: Ramp;

  private intent: 'idle' | 'play' | 'pause' = 'idle';
  private held = false;
  private destroyed = false;
  private index = 0;
  private gen = 0;
  private backend: Playback | null = null;
  private element: AudioElementLike | null = null;
  private loadingItem = false;
  private resumeAt: number | null = null;
  private cancelWait: Cancel = noop;
  private progressTimer: number | null = null;
  private gapTimer: number | null = null;
  private gapDue = 0;
  private gapRemaining = 0;
  private gapAction: (() => void) | null = null;
  private roundFailures = 0;
  private lastFailed = false;
  private fadeInPending = false;

  constructor(
    private readonly engine: TrackHost,
    options: TrackOptions,
  ) {
    const url = options.url;
    this.urls = typeof url === 'string' ? [url] : url && url.length > 0 ? [...url] : [''];
    this.channel = options.channel ?? 'voice';
    this.silentErrors = options.silentErrors ?? false;
    this.segStart = Math.max(0, finiteOr(options.start, 0));
    this.segEnd = finiteOr(options.end, Number.POSITIVE_INFINITY);
    this.isSegment = options.start !== undefined || options.end !== undefined;
    this.loop = options.loop ?? false;
    this.interval = Math.max(0, finiteOr(options.interval, 0));
    this.loopInterval = Math.max(0, finiteOr(options.loopInterval, 0));
    this.needProgress = options.needProgress ?? false;
    this.fadeInMs = Math.max(0, finiteOr(options.fadeIn, 0));
    this.speed = positiveOr(options.speed, DEFAULT_SPEED);
    this.baseVolume = finiteOr(options.volume, 1);
    const apply = () => this.applyVolume();
    this.fadeRamp = new Ramp(1, engine.env, apply);
    this.duckRamp = new Ramp(1, engine.env, apply);
    this.snap = {
      state: 'pending',
      url: this.urls[0] ?? '',
      index: 0,
      currentTime: this.segStart,
      duration: 0,
      speed: this.speed,
    };
  }

  get snapshot(): TrackSnapshot {
    return this.snap;
  }

  readonly getSnapshot = (): TrackSnapshot => this.snap;

  readonly subscribe = (listener: TrackListener): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  play(index = 0): void {
    if (this.destroyed) return;
    this.reset();
    this.index = Math.max(0, Math.min(Math.trunc(index) || 0, this.urls.length - 1));
    this.roundFailures = 0;
    this.lastFailed = false;
    if (this.channel === 'effect' && this.engine.effectsAreMuted) {
      this.intent = 'idle';
      this.resumeAt = null;
      this.update({ state: 'ended', index: this.index, url: this.urls[this.index] ?? '' });
      return;
    }
    this.intent = 'play';
    this.prepareFadeIn();
    this.engine.activate(this);
    this.startItem();
  }

  pause(): void {
    if (this.intent !== 'play') return;
    this.intent = 'pause';
    this.held = false;
    this.cancelWaiting();
    this.pauseGap();
    this.stopProgress();
    this.fadeRamp.cancel();
    const backend = this.backend;
    backend?.pause();
    this.update({
      state: 'pause',
      currentTime: backend ? backend.position() : this.snap.currentTime,
    });
    this.engine.deactivate(this);
  }

  resume(): void {
    if (this.destroyed || this.intent === 'play') return;
    if (this.intent === 'idle') {
      this.play();
      return;
    }
    if (this.channel === 'effect' && this.engine.effectsAreMuted) return;
    this.intent = 'play';
    this.prepareFadeIn();
    this.engine.activate(this);
    this.continuePlayback();
  }

  stop(): void {
    if (this.destroyed) return;
    const wasPlayingOrPaused = this.intent !== 'idle' || this.snap.state === 'playing';
    this.reset();
    this.intent = 'idle';
    this.index = 0;
    this.resumeAt = null;
    if (this.element) releaseElement(this.element);
    this.update({
      ...(wasPlayingOrPaused ? { state: 'pause' as const } : {}),
      index: 0,
      url: this.urls[0] ?? '',
      currentTime: this.segStart,
    });
    this.engine.deactivate(this);
  }

  seek(seconds: number): void {
    if (this.destroyed || !Number.isFinite(seconds)) return;
    const target = Math.max(this.segStart, Math.min(seconds, this.segEnd));
    const backend = this.backend;
    if (backend) {
      backend.seek(target);
      this.update({ currentTime: backend.position() });
    } else {
      this.resumeAt = target;
      this.update({ currentTime: target });
    }
  }

  setSpeed(speed: number): void {
    if (this.destroyed || !(speed > 0) || !Number.isFinite(speed)) return;
    this.speed = speed;
    this.backend?.setRate(speed);
    this.update({ speed });
  }

  setVolume(volume: number): void {
    this.baseVolume = finiteOr(volume, 1);
    this.applyVolume();
  }

  fade(to: number, ms: number): Promise<boolean> {
    this.fadeInPending = false;
    const level = Math.max(0, Math.min(1, finiteOr(to, 1)));
    if (this.snap.state !== 'playing') {
      this.fadeRamp.set(level);
      return Promise.resolve(true);
    }
    return this.fadeRamp.to(level, ms);
  }

  destroy(): void {
    if (this.destroyed) return;
    this.stop();
    this.destroyed = true;
    this.fadeRamp.cancel();
    this.duckRamp.cancel();
    this.element = null;
    this.listeners.clear();
  }

  // ---- engine hooks ----

  setDucked(ducked: boolean, ms = DUCK_FADE_MS): void {
    const level = ducked ? DUCK_LEVEL : 1;
    if (ms <= 0) this.duckRamp.set(level);
    else void this.duckRamp.to(level, ms);
  }

  holdForHidden(): void {
    if (this.intent !== 'play' || this.held) return;
    this.held = true;
    this.cancelWaiting();
    this.pauseGap();
    this.stopProgress();
    this.fadeRamp.cancel();
    const backend = this.backend;
    if (!backend) return;
    backend.pause();
    if (this.snap.state === 'playing') {
      this.update({ state: 'pause', currentTime: backend.position() });
    }
  }

  releaseFromHidden(): void {
    if (!this.held) return;
    this.held = false;
    if (this.intent !== 'play') return;
    this.prepareFadeIn();
    this.continuePlayback();
  }

  // ---- internals ----

  private continuePlayback(): void {
    if (this.engine.shouldHold()) {
      this.held = true;
      return;
    }
    if (this.gapAction) {
      this.update({ state: 'pending' });
      this.resumeGap();
      return;
    }
    if (this.loadingItem) return;
    if (this.backend) {
      this.startBackend();
      return;
    }
    this.startItem();
  }

  private startItem(): void {
    const gen = ++this.gen;
    this.disposeBackend();
    const url = this.urls[this.index] ?? '';
    this.update({
      state: 'pending',
      url,
      index: this.index,
      currentTime: this.resumeAt ?? this.segStart,
      duration: 0,
    });
    if (!url.trim()) {
      this.fail('missing', url, 'no url');
      return;
    }
    const cached = this.engine.cachedBuffer(url);
    if (cached) {
      this.attachBuffer(cached);
      this.startBackend();
      return;
    }
    // A preload in flight finishes first (precise start); a segment always needs the decoded file.
    const loading =
      this.engine.loadingBuffer(url) ??
      (this.isSegment && this.engine.hasWebAudio() ? this.engine.loadBuffer(url) : undefined);
    if (loading) {
      this.loadingItem = true;
      void loading.then((buffer) => {
        if (gen !== this.gen || this.destroyed) return;
        this.loadingItem = false;
        if (buffer) this.attachBuffer(buffer);
        else this.attachElement(url);
        this.startBackend();
      });
      return;
    }
    this.attachElement(url);
    this.startBackend();
  }

  private playbackOptions(): PlaybackOptions {
    return {
      start: this.segStart,
      end: this.segEnd,
      rate: this.speed,
      volume: this.volumeNow(),
      loop: this.loop && this.urls.length === 1 && this.loopInterval === 0,
      loadOnPlay: this.channel === 'music' && !this.engine.isAudioUnlocked(),
    };
  }

  private attachBuffer(buffer: AudioBufferLike): void {
    const ctx = this.engine.getContext();
    if (!ctx) return;
    const playback: Playback = new BufferPlayback(
      ctx,
      buffer,
      this.playbackOptions(),
      this.handlersFor(() => playback),
    );
    this.attach(playback);
  }

  private attachElement(url: string): void {
    const primed = this.engine.takePrimed(url);
    if (primed) {
      if (this.element) releaseElement(this.element);
      this.element = primed;
    }
    this.element ??= this.engine.env.createAudioElement();
    const playback: Playback = new ElementPlayback(
      this.element,
      url,
      primed !== undefined,
      this.playbackOptions(),
      this.handlersFor(() => playback),
      this.engine.env,
    );
    this.attach(playback);
  }

  private attach(playback: Playback): void {
    this.backend = playback;
    if (this.resumeAt !== null) {
      playback.seek(this.resumeAt);
      this.resumeAt = null;
    }
  }

  private startBackend(): void {
    const backend = this.backend;
    if (!backend || this.intent !== 'play' || this.held) return;
    if (this.engine.shouldHold()) {
      this.held = true;
      return;
    }
    this.cancelWaiting();
    if (backend.kind === 'buffer') {
      if (this.snap.state !== 'playing') this.update({ state: 'pending' });
      this.cancelWait = this.engine.whenContextRunning(() => {
        if (this.backend === backend && this.intent === 'play' && !this.held) backend.play();
      });
    } else {
      backend.play();
    }
  }

  private handlersFor(self: () => Playback): PlaybackHandlers {
    const current = () => this.backend !== null && this.backend === self();
    return {
      playing: () => {
        if (!current()) return;
        const backend = self();
        if (this.intent !== 'play' || this.held) {
          backend.pause();
          return;
        }
        this.engine.markUnlocked();
        this.update({
          state: 'playing',
          currentTime: backend.position(),
          duration: backend.duration(),
        });
        if (this.needProgress) this.startProgress();
        if (this.fadeInPending) {
          this.fadeInPending = false;
          void this.fadeRamp.to(1, this.fadeInMs);
        }
      },
      ended: () => {
        if (!current()) return;
        const backend = self();
        this.stopProgress();
        const end = Number.isFinite(this.segEnd)
          ? Math.min(this.segEnd, backend.duration() || this.segEnd)
          : backend.duration();
        this.update({ currentTime: end, duration: backend.duration() });
        this.disposeBackend();
        this.lastFailed = false;
        this.advance();
      },
      error: (reason) => {
        if (!current()) return;
        this.fail('failed', this.urls[this.index] ?? '', reason);
      },
      blocked: () => {
        if (!current() || this.intent !== 'play') return;
        const backend = self();
        this.update({ state: 'pending' });
        this.cancelWaiting();
        this.cancelWait = this.engine.waitForGesture(() => {
          if (this.backend === backend && this.intent === 'play' && !this.held) backend.play();
        });
      },
      interrupted: () => {
        if (!current() || this.intent !== 'play') return;
        this.pause();
      },
      duration: () => {
        if (!current()) return;
        this.update({ duration: self().duration() });
      },
    };
  }

  private fail(kind: 'missing' | 'failed', url: string, reason: string): void {
    this.engine.report(kind, this, url, reason);
    this.roundFailures += 1;
    this.lastFailed = true;
    this.stopProgress();
    this.disposeBackend();
    this.update({ state: 'error' });
    this.advance();
  }

  /** After an item: the next one after `interval`, a new round after `loopInterval`, or done. */
  private advance(): void {
    const last = this.index >= this.urls.length - 1;
    if (!last) {
      this.wait(this.interval, () => {
        this.index += 1;
        this.startItem();
      });
    } else if (this.loop && this.roundFailures < this.urls.length) {
      this.wait(this.loopInterval, () => {
        this.index = 0;
        this.roundFailures = 0;
        this.startItem();
      });
    } else {
      this.finish(this.lastFailed ? 'error' : 'ended');
    }
  }

  private finish(state: 'ended' | 'error'): void {
    this.intent = 'idle';
    this.disposeBackend();
    if (this.element) releaseElement(this.element);
    this.update({ state });
    this.engine.deactivate(this);
  }

  private wait(ms: number, action: () => void): void {
    this.clearGap();
    this.gapAction = action;
    this.gapDue = this.engine.env.now() + ms;
    this.gapTimer = this.engine.env.setTimeout(() => {
      this.gapTimer = null;
      this.gapAction = null;
      action();
    }, ms);
  }

  private pauseGap(): void {
    if (this.gapTimer === null) return;
    this.engine.env.clearTimeout(this.gapTimer);
    this.gapTimer = null;
    this.gapRemaining = Math.max(0, this.gapDue - this.engine.env.now());
  }

  private resumeGap(): void {
    const action = this.gapAction;
    if (!action || this.gapTimer !== null) return;
    this.wait(this.gapRemaining, action);
  }

  private clearGap(): void {
    if (this.gapTimer !== null) this.engine.env.clearTimeout(this.gapTimer);
    this.gapTimer = null;
    this.gapAction = null;
  }

  private startProgress(): void {
    if (this.progressTimer !== null) return;
    this.progressTimer = this.engine.env.setInterval(() => {
      const backend = this.backend;
      if (!backend || this.snap.state !== 'playing') return;
      this.update({ currentTime: backend.position() });
    }, PROGRESS_INTERVAL_MS);
  }

  private stopProgress(): void {
    if (this.progressTimer !== null) this.engine.env.clearInterval(this.progressTimer);
    this.progressTimer = null;
  }

  private prepareFadeIn(): void {
    if (this.fadeInMs <= 0) return;
    this.fadeInPending = true;
    this.fadeRamp.set(0);
  }

  private volumeNow(): number {
    const ducked = this.channel === 'music' ? this.duckRamp.value : 1;
    return this.baseVolume * this.fadeRamp.value * ducked;
  }

  private applyVolume(): void {
    this.backend?.setVolume(this.volumeNow());
  }

  private cancelWaiting(): void {
    this.cancelWait();
    this.cancelWait = noop;
  }

  private disposeBackend(): void {
    this.cancelWaiting();
    this.backend?.dispose();
    this.backend = null;
  }

  /** Cancels everything in flight (new play, stop). */
  private reset(): void {
    this.gen += 1;
    this.loadingItem = false;
    this.held = false;
    this.clearGap();
    this.stopProgress();
    this.fadeRamp.cancel();
    this.disposeBackend();
  }

  private update(patch: Partial<TrackSnapshot>): void {
    let changed = false;
    for (const key of Object.keys(patch) as (keyof TrackSnapshot)[]) {
      if (patch[key] !== this.snap[key]) changed = true;
    }
    if (!changed) return;
    this.snap = { ...this.snap, ...patch };
    for (const listener of [...this.listeners]) listener(this.snap);
  }
}

function finiteOr(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) ? value : fallback;
}

function positiveOr(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
}
