import type {
  AudioBufferLike,
  AudioChannel,
  AudioContextLike,
  AudioElementLike,
  AudioEnvironment,
} from './environment';
import { Lru } from './lru';
import {
  BufferPlayback,
  ElementPlayback,
  type Playback,
  type PlaybackHandlers,
  type PlaybackOptions,
} from './playback';

/**
 * The audio engine: tracks (one file or a list) on three channels, Web Audio for preloaded files
 * and exact segments, HTMLAudio for streaming, the mobile autoplay unlock and pause-on-hide.
 * Framework-free; the browser is injected (`AudioEnvironment`) so tests run on fakes.
 */

/** Spec §9: progress polled every 100 ms on web. */
export const PROGRESS_INTERVAL_MS = 100;
/** Spec §9: audio default speed 1. */
export const DEFAULT_SPEED = 1;
/** Background music volume while a voice track plays. */
export const DUCK_LEVEL = 0.3;
export const DUCK_FADE_MS = 250;
/** Decoded files kept for instant start and segments (count and bytes of PCM). */
export const BUFFER_CACHE_FILES = 8;
export const BUFFER_CACHE_BYTES = 32 * 1024 * 1024;
/** HTMLAudio elements kept primed when Web Audio is unavailable. */
export const PRIMED_ELEMENTS = 4;
export const PRIME_TIMEOUT_MS = 10_000;
const RAMP_STEP_MS = 25;
const GESTURE_EVENTS = ['pointerdown', 'touchend', 'keydown', 'click'] as const;

export type TrackState = 'pending' | 'playing' | 'pause' | 'ended' | 'error';
export type HiddenPolicy = 'pause' | 'continue';
export type { AudioChannel, AudioEnvironment, AudioErrorInfo } from './environment';

export interface TrackSnapshot {
  /**
   * pending: not started yet, loading, or waiting for the autoplay unlock / a visible page;
   * playing (also during the `interval` gap of a list); pause (also after `stop()` and while the
   * page is hidden); ended; error (a list goes on with the next item after the interval).
   */
  readonly state: TrackState;
  /** The current item's url ('' when missing). */
  readonly url: string;
  readonly index: number;
  /** Seconds in the file (segments keep the file's time line, so timelines match). */
  readonly currentTime: number;
  /** Seconds of the current file; 0 while unknown. */
  readonly duration: number;
  readonly speed: number;
}

export interface TrackOptions {
  url: string | readonly string[] | null | undefined;
  /** Playback rate, default 1. */
  speed?: number;
  loop?: boolean;
  /** ms of silence between rounds of a loop. */
  loopInterval?: number;
  /** ms of silence between the items of a list. */
  interval?: number;
  /** Poll `currentTime` every 100 ms while playing. */
  needProgress?: boolean;
  /** 0..1, default 1. */
  volume?: number;
  /** 'voice' (default): one at a time; 'effect': overlaps, mutable; 'music': ducked under voice. */
  channel?: AudioChannel;
  /** Segment of a single file, in file seconds: plays exactly [start, end). */
  start?: number;
  end?: number;
  /** ms of fade-in each time the track starts or resumes sounding. */
  fadeIn?: number;
  /** Report failures to analytics but show no toast (background music). */
  silentErrors?: boolean;
}

export type TrackListener = (snapshot: TrackSnapshot) => void;

export interface Track {
  readonly snapshot: TrackSnapshot;
  readonly urls: readonly string[];
  readonly channel: AudioChannel;
  /** Starts from the beginning (or from `index` of a list, or from a position given to `seek`). */
  play(index?: number): void;
  pause(): void;
  /** Continues a paused track; starts a stopped, ended or new one. */
  resume(): void;
  /** Stops and rewinds; state becomes pause (a stopped voice is not "ended"). */
  stop(): void;
  seek(seconds: number): void;
  setSpeed(speed: number): void;
  setVolume(volume: number): void;
  /** Ramps the track's fade level (0..1); resolves true when reached, false when superseded. */
  fade(to: number, ms: number): Promise<boolean>;
  /** Stops, releases the media element and drops listeners; later calls are ignored. */
  destroy(): void;
  subscribe(listener: TrackListener): () => void;
  getSnapshot(): TrackSnapshot;
}

export interface AudioEngine {
  createTrack(options: TrackOptions): Track;
  /** Plays exactly [start, end) seconds of a file on the voice channel and returns the track. */
  playSegment(
    url: string,
    start: number,
    end: number,
    options?: Omit<TrackOptions, 'url' | 'start' | 'end'>,
  ): Track;
  /** Fetches and decodes (or primes an element) so a later play starts at once; never rejects. */
  preload(url: string): Promise<boolean>;
  isPreloaded(url: string): boolean;
  isAudioUnlocked(): boolean;
  /** Runs `callback` once audio may play (immediately when it already may). */
  onUnlocked(callback: () => void): () => void;
  setHiddenPolicy(policy: HiddenPolicy): void;
  setEffectsMuted(muted: boolean): void;
  isEffectsMuted(): boolean;
  stopAll(channel?: AudioChannel): void;
  /** The shared AudioContext, created on first use; null without Web Audio. */
  getContext(): AudioContextLike | null;
  /** Removes every listener and stops everything (tests, hot reload). */
  dispose(): void;
}

export function createAudioEngine(env: AudioEnvironment): AudioEngine {
  return new Engine(env);
}

type Cancel = () => void;
const noop: Cancel = () => {};

/** A value ramped linearly by a timer (volume fades and ducking). */
class Ramp {
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

class Engine implements AudioEngine {
  private ctx: AudioContextLike | null = null;
  private ctxUnavailable = false;
  private suspendedWhileHidden = false;
  private unlocked: boolean;
  private listeningForGesture = false;
  private readonly unlockWaiters = new Set<() => void>();
  private readonly gestureWaiters = new Set<() => void>();
  private hidden: boolean;
  private hiddenPolicy: HiddenPolicy = 'pause';
  private effectsMuted = false;
  private ducked = false;
  private readonly active = new Set<TrackImpl>();
  private readonly buffers = new Lru<string, AudioBufferLike>(
    BUFFER_CACHE_FILES,
    BUFFER_CACHE_BYTES,
  );
  private readonly loading = new Map<string, Promise<AudioBufferLike | null>>();
  private readonly primed = new Lru<string, AudioElementLike>(PRIMED_ELEMENTS, undefined, (_, el) =>
    releaseElement(el),
  );
  private readonly priming = new Map<string, Promise<boolean>>();

  constructor(readonly env: AudioEnvironment) {
    this.unlocked = env.initiallyUnlocked();
    if (!this.unlocked) this.listenForGesture();
    this.hidden = env.visibility?.visibilityState === 'hidden';
    env.visibility?.addEventListener('visibilitychange', this.onVisibilityChange);
  }

  // ---- public API ----

  createTrack(options: TrackOptions): Track {
    return new TrackImpl(this, options);
  }

  playSegment(
    url: string,
    start: number,
    end: number,
    options: Omit<TrackOptions, 'url' | 'start' | 'end'> = {},
  ): Track {
    const track = this.createTrack({ ...options, url, start, end });
    track.play();
    return track;
  }

  preload(url: string): Promise<boolean> {
    if (!url) return Promise.resolve(false);
    if (this.getContext()) return this.loadBuffer(url).then((buffer) => buffer !== null);
    return this.primeElement(url);
  }

  isPreloaded(url: string): boolean {
    return this.buffers.has(url) || this.primed.has(url);
  }

  isAudioUnlocked(): boolean {
    return this.unlocked;
  }

  onUnlocked(callback: () => void): Cancel {
    if (this.unlocked) {
      callback();
      return noop;
    }
    const waiter = () => callback();
    this.unlockWaiters.add(waiter);
    return () => this.unlockWaiters.delete(waiter);
  }

  setHiddenPolicy(policy: HiddenPolicy): void {
    if (policy === this.hiddenPolicy) return;
    this.hiddenPolicy = policy;
    if (!this.hidden) return;
    if (policy === 'pause') this.holdAll();
    else this.releaseAll();
  }

  setEffectsMuted(muted: boolean): void {
    this.effectsMuted = muted;
    if (muted) this.stopAll('effect');
  }

  isEffectsMuted(): boolean {
    return this.effectsMuted;
  }

  stopAll(channel?: AudioChannel): void {
    for (const track of [...this.active]) {
      if (!channel || track.channel === channel) track.stop();
    }
  }

  getContext(): AudioContextLike | null {
    if (this.ctx || this.ctxUnavailable) return this.ctx;
    try {
      this.ctx = this.env.createContext?.() ?? null;
    } catch {
      this.ctx = null;
    }
    if (!this.ctx) {
      this.ctxUnavailable = true;
      return null;
    }
    this.ctx.addEventListener('statechange', this.onContextStateChange);
    if (this.ctx.state === 'running') this.markUnlocked();
    return this.ctx;
  }

  dispose(): void {
    this.stopAll();
    this.stopListeningForGesture();
    this.env.visibility?.removeEventListener('visibilitychange', this.onVisibilityChange);
    this.ctx?.removeEventListener('statechange', this.onContextStateChange);
    this.unlockWaiters.clear();
    this.gestureWaiters.clear();
    this.primed.clear();
    this.buffers.clear();
  }

  // ---- used by tracks ----

  get effectsAreMuted(): boolean {
    return this.effectsMuted;
  }

  get isDucked(): boolean {
    return this.ducked;
  }

  shouldHold(): boolean {
    return this.hidden && this.hiddenPolicy === 'pause';
  }

  activate(track: TrackImpl): void {
    if (track.channel === 'voice') {
      for (const other of [...this.active]) {
        if (other !== track && other.channel === 'voice') other.stop();
      }
    }
    this.active.add(track);
    if (track.channel === 'music') track.setDucked(this.ducked, 0);
    this.updateDuck();
  }

  deactivate(track: TrackImpl): void {
    if (!this.active.delete(track)) return;
    this.updateDuck();
  }

  report(kind: 'missing' | 'failed', track: TrackImpl, url: string, reason: string): void {
    this.env.report({
      kind,
      url,
      channel: track.channel,
      reason,
      notify: !track.silentErrors,
    });
  }

  cachedBuffer(url: string): AudioBufferLike | undefined {
    return this.buffers.get(url);
  }

  loadingBuffer(url: string): Promise<AudioBufferLike | null> | undefined {
    return this.loading.get(url);
  }

  takePrimed(url: string): AudioElementLike | undefined {
    return this.primed.take(url);
  }

  loadBuffer(url: string): Promise<AudioBufferLike | null> {
    const cached = this.buffers.get(url);
    if (cached) return Promise.resolve(cached);
    const pending = this.loading.get(url);
    if (pending) return pending;
    const ctx = this.getContext();
    if (!ctx) return Promise.resolve(null);
    const promise = this.env
      .fetch(url)
      .then((data) => decode(ctx, data))
      .then(
        (buffer) => {
          const bytes = buffer.length * buffer.numberOfChannels * 4;
          this.buffers.set(url, buffer, bytes);
          return buffer;
        },
        () => null,
      )
      .finally(() => this.loading.delete(url));
    this.loading.set(url, promise);
    return promise;
  }

  /** Calls `start` once the context runs: now, after resume(), or after the unlock gesture. */
  whenContextRunning(start: () => void): Cancel {
    const ctx = this.getContext();
    if (!ctx || ctx.state === 'running') {
      start();
      return noop;
    }
    if (!this.unlocked) return this.onUnlocked(start);
    let live = true;
    const go = () => {
      if (live) start();
    };
    ctx.resume().then(go, go);
    // If resume() needs a gesture after all (iOS after an interruption), the next tap does it.
    this.listenForGesture();
    return () => {
      live = false;
    };
  }

  /** Calls `callback` on the next user gesture (an element refused by the autoplay policy). */
  waitForGesture(callback: () => void): Cancel {
    const waiter = () => callback();
    this.gestureWaiters.add(waiter);
    this.listenForGesture();
    return () => this.gestureWaiters.delete(waiter);
  }

  markUnlocked(): void {
    if (this.unlocked) return;
    this.unlocked = true;
    const waiters = [...this.unlockWaiters];
    this.unlockWaiters.clear();
    for (const waiter of waiters) waiter();
  }

  // ---- internals ----

  private primeElement(url: string): Promise<boolean> {
    if (this.primed.has(url)) return Promise.resolve(true);
    const pending = this.priming.get(url);
    if (pending) return pending;
    const element = this.env.createAudioElement();
    const promise = new Promise<boolean>((resolve) => {
      const done = (ready: boolean) => {
        element.removeEventListener('canplaythrough', onReady);
        element.removeEventListener('error', onError);
        this.env.clearTimeout(timer);
        this.priming.delete(url);
        if (ready) this.primed.set(url, element);
        else releaseElement(element);
        resolve(ready);
      };
      const onReady = () => done(true);
      const onError = () => done(false);
      const timer = this.env.setTimeout(() => done(false), PRIME_TIMEOUT_MS);
      element.addEventListener('canplaythrough', onReady);
      element.addEventListener('error', onError);
    });
    this.priming.set(url, promise);
    element.preload = 'auto';
    element.src = url;
    element.load();
    return promise;
  }

  private updateDuck(): void {
    let ducked = false;
    for (const track of this.active) if (track.channel === 'voice') ducked = true;
    if (ducked === this.ducked) return;
    this.ducked = ducked;
    for (const track of this.active) if (track.channel === 'music') track.setDucked(ducked);
  }

  private listenForGesture(): void {
    const target = this.env.gestureTarget;
    if (this.listeningForGesture || !target) return;
    this.listeningForGesture = true;
    for (const type of GESTURE_EVENTS) target.addEventListener(type, this.onGesture, true);
  }

  private stopListeningForGesture(): void {
    const target = this.env.gestureTarget;
    if (!this.listeningForGesture || !target) return;
    this.listeningForGesture = false;
    for (const type of GESTURE_EVENTS) target.removeEventListener(type, this.onGesture, true);
  }

  /** The unlock: resume the context and play a silent buffer inside the user's gesture. */
  private readonly onGesture = (): void => {
    this.stopListeningForGesture();
    const ctx = this.getContext();
    if (ctx) {
      if (ctx.state !== 'running') ctx.resume().catch(noop);
      try {
        const silence = ctx.createBufferSource();
        silence.buffer = ctx.createBuffer(1, 1, 22050);
        silence.connect(ctx.destination);
        silence.start(0);
      } catch {
        // A closed context: nothing to unlock.
      }
    }
    this.markUnlocked();
    const waiters = [...this.gestureWaiters];
    this.gestureWaiters.clear();
    for (const waiter of waiters) waiter();
  };

  private readonly onContextStateChange = (): void => {
    if (this.ctx?.state === 'running') this.markUnlocked();
  };

  private readonly onVisibilityChange = (): void => {
    const hidden = this.env.visibility?.visibilityState === 'hidden';
    if (hidden === this.hidden) return;
    this.hidden = hidden;
    if (this.hiddenPolicy !== 'pause') return;
    if (hidden) this.holdAll();
    else this.releaseAll();
  };

  private holdAll(): void {
    for (const track of [...this.active]) track.holdForHidden();
    const ctx = this.ctx;
    if (ctx && ctx.state === 'running') {
      this.suspendedWhileHidden = true;
      ctx.suspend().catch(noop);
    }
  }

  private releaseAll(): void {
    const ctx = this.ctx;
    if (ctx && this.suspendedWhileHidden) {
      this.suspendedWhileHidden = false;
      ctx.resume().catch(noop);
    }
    for (const track of [...this.active]) track.releaseFromHidden();
  }
}

class TrackImpl implements Track {
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
    private readonly engine: Engine,
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
      (this.isSegment && this.engine.getContext() ? this.engine.loadBuffer(url) : undefined);
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

function decode(ctx: AudioContextLike, data: ArrayBuffer): Promise<AudioBufferLike> {
  return new Promise((resolve, reject) => {
    const result = ctx.decodeAudioData(data, resolve, reject);
    result?.then(resolve, reject);
  });
}

/** Frees the media resource of an element (Android limits how many players may exist). */
function releaseElement(element: AudioElementLike): void {
  element.pause();
  element.removeAttribute('src');
  element.load();
}

function finiteOr(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) ? value : fallback;
}

function positiveOr(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
}
