/**
 * Test-only fakes of the browser audio surface (happy-dom has no audio). Time comes from the
 * (faked) clock: elements and buffer sources "play" by scheduling their `ended` with setTimeout.
 * Not imported by the app.
 */
import type {
  AudioBufferLike,
  AudioContextLike,
  AudioElementLike,
  AudioEnvironment,
  AudioErrorInfo,
  AudioNodeLike,
  BufferSourceLike,
  GainLike,
  VisibilityLike,
} from './environment';

export interface FakeMedia {
  /** Seconds; a media entry with `fail` errors when loaded or decoded. */
  duration: number;
  fail?: boolean;
}

interface WorldOptions {
  /** ms an element needs to load a file before `playing` (network + decode start). */
  loadDelayMs?: number;
  /** ms a loaded (primed) element needs to start. */
  startDelayMs?: number;
  fetchDelayMs?: number;
  decodeDelayMs?: number;
  /** False: elements reject play() and contexts stay suspended until a gesture. */
  autoplay?: boolean;
  webAudio?: boolean;
  initiallyUnlocked?: boolean;
  /** AudioEnvironment.autoplayExpected (a shell); default: as `autoplay`. */
  autoplayExpected?: boolean;
}

export class FakeWorld {
  readonly media = new Map<string, FakeMedia>();
  readonly elements: FakeAudioElement[] = [];
  readonly contexts: FakeAudioContext[] = [];
  readonly reports: AudioErrorInfo[] = [];
  readonly fetches: string[] = [];
  /** The priority of each fetch (`low` for preloads). */
  readonly fetchPriorities: string[] = [];
  readonly gestureTarget = new EventTarget();
  readonly visibility = new FakeVisibility();
  loadDelayMs: number;
  startDelayMs: number;
  fetchDelayMs: number;
  decodeDelayMs: number;
  autoplay: boolean;
  webAudio: boolean;
  initiallyUnlocked: boolean;
  autoplayExpected: boolean;
  /** How many times the engine asked whether sound may play without a gesture. */
  probes = 0;
  /** Set by `gesture()`: the page has had a user activation. */
  activated = false;
  private nextTimer = 1;
  private readonly timeouts = new Map<number, ReturnType<typeof setTimeout>>();
  /** Live intervals of the engine (progress polling, fades). */
  readonly intervals = new Map<number, ReturnType<typeof setInterval>>();

  constructor(options: WorldOptions = {}) {
    this.loadDelayMs = options.loadDelayMs ?? 80;
    this.startDelayMs = options.startDelayMs ?? 5;
    this.fetchDelayMs = options.fetchDelayMs ?? 30;
    this.decodeDelayMs = options.decodeDelayMs ?? 10;
    this.autoplay = options.autoplay ?? true;
    this.webAudio = options.webAudio ?? true;
    this.initiallyUnlocked = options.initiallyUnlocked ?? false;
    this.autoplayExpected = options.autoplayExpected ?? this.autoplay;
  }

  add(url: string, duration: number, fail = false): this {
    this.media.set(url, { duration, fail });
    return this;
  }

  mayPlay(): boolean {
    return this.autoplay || this.activated;
  }

  /** A tap: capture-phase pointerdown on the gesture target. */
  gesture(type = 'pointerdown'): void {
    this.activated = true;
    this.gestureTarget.dispatchEvent(new Event(type));
  }

  setHidden(hidden: boolean): void {
    this.visibility.visibilityState = hidden ? 'hidden' : 'visible';
    this.visibility.dispatchEvent(new Event('visibilitychange'));
  }

  get context(): FakeAudioContext | undefined {
    return this.contexts[0];
  }

  /** Every buffer source started on the context (the unlock's silent one included). */
  get sources(): FakeBufferSource[] {
    return this.context?.sources ?? [];
  }

  env(overrides: Partial<AudioEnvironment> = {}): AudioEnvironment {
    return {
      createAudioElement: () => {
        const element = new FakeAudioElement(this);
        this.elements.push(element);
        return element;
      },
      createContext: this.webAudio
        ? () => {
            const ctx = new FakeAudioContext(this);
            this.contexts.push(ctx);
            return ctx;
          }
        : null,
      fetch: (url, priority) => {
        this.fetches.push(url);
        this.fetchPriorities.push(priority ?? 'auto');
        return new Promise((resolve, reject) => {
          setTimeout(() => {
            if (this.media.has(url)) resolve(new TextEncoder().encode(url).buffer);
            else reject(new Error('HTTP 404'));
          }, this.fetchDelayMs);
        });
      },
      now: () => Date.now(),
      setTimeout: (callback, ms) => {
        const id = this.nextTimer++;
        this.timeouts.set(
          id,
          setTimeout(() => {
            this.timeouts.delete(id);
            callback();
          }, ms),
        );
        return id;
      },
      clearTimeout: (id) => {
        clearTimeout(this.timeouts.get(id));
        this.timeouts.delete(id);
      },
      setInterval: (callback, ms) => {
        const id = this.nextTimer++;
        this.intervals.set(id, setInterval(callback, ms));
        return id;
      },
      clearInterval: (id) => {
        clearInterval(this.intervals.get(id));
        this.intervals.delete(id);
      },
      gestureTarget: this.gestureTarget,
      visibility: this.visibility,
      initiallyUnlocked: () => this.initiallyUnlocked,
      autoplayExpected: () => this.autoplayExpected,
      probeAutoplay: () => {
        this.probes++;
        return new Promise((resolve) => setTimeout(() => resolve(this.autoplay), 5));
      },
      report: (error) => {
        this.reports.push(error);
      },
      ...overrides,
    };
  }
}

export class FakeVisibility extends EventTarget implements VisibilityLike {
  visibilityState = 'visible';
}

function notAllowed(): Error {
  const error = new Error('play() failed because the user did not interact with the document');
  error.name = 'NotAllowedError';
  return error;
}

export class FakeAudioElement extends EventTarget implements AudioElementLike {
  preload = '';
  loop = false;
  volume = 1;
  defaultPlaybackRate = 1;
  error: { code: number } | null = null;
  paused = true;
  ended = false;
  duration = Number.NaN;
  /** How often play() was called and how often `playing` fired. */
  playCalls = 0;
  startCount = 0;
  private source = '';
  private loaded = false;
  private wantPlay = false;
  private pos = 0;
  private startedAt = 0;
  private startedPos = 0;
  private rate = 1;
  private loadTimer: ReturnType<typeof setTimeout> | null = null;
  private startTimer: ReturnType<typeof setTimeout> | null = null;
  private endTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly world: FakeWorld) {
    super();
  }

  get src(): string {
    return this.source;
  }

  set src(url: string) {
    this.reset();
    this.source = url;
    if (!url) return;
    this.loadTimer = setTimeout(() => {
      this.loadTimer = null;
      const media = this.world.media.get(url);
      if (!media || media.fail) {
        this.error = { code: 4 };
        this.wantPlay = false;
        this.dispatch('error');
        return;
      }
      this.duration = media.duration;
      this.loaded = true;
      this.dispatch('loadedmetadata');
      this.dispatch('durationchange');
      this.dispatch('canplaythrough');
      if (this.wantPlay) this.begin();
    }, this.world.loadDelayMs);
  }

  get isPlaying(): boolean {
    return this.startTimer === null && this.endTimer !== null;
  }

  get currentTime(): number {
    if (!this.isPlaying) return this.pos;
    return Math.min(
      this.duration,
      this.startedPos + ((Date.now() - this.startedAt) / 1000) * this.rate,
    );
  }

  set currentTime(seconds: number) {
    const playing = this.isPlaying;
    this.pos = seconds;
    if (playing) this.run();
  }

  get playbackRate(): number {
    return this.rate;
  }

  set playbackRate(rate: number) {
    const playing = this.isPlaying;
    if (playing) this.pos = this.currentTime;
    this.rate = rate;
    if (playing) this.run();
  }

  play(): Promise<void> {
    this.playCalls += 1;
    if (!this.world.mayPlay()) return Promise.reject(notAllowed());
    if (this.error) return Promise.reject(new Error('NotSupportedError'));
    this.paused = false;
    this.ended = false;
    this.wantPlay = true;
    if (this.loaded && !this.isPlaying && this.startTimer === null) this.begin();
    return Promise.resolve();
  }

  pause(): void {
    const wasPlaying = !this.paused;
    if (this.isPlaying) this.pos = this.currentTime;
    this.clearPlayTimers();
    this.wantPlay = false;
    this.paused = true;
    if (wasPlaying) this.dispatch('pause');
  }

  load(): void {
    // Loading starts when src is set; `load()` after removing src resets the element.
    if (!this.source) this.reset();
  }

  removeAttribute(name: string): void {
    if (name === 'src') {
      this.reset();
      this.source = '';
    }
  }

  /** Simulates an outside pause (audio focus loss). */
  interrupt(): void {
    this.pause();
  }

  private begin(): void {
    this.startTimer = setTimeout(() => {
      this.startTimer = null;
      this.run();
      this.startCount += 1;
      this.dispatch('playing');
    }, this.world.startDelayMs);
  }

  private run(): void {
    if (this.endTimer !== null) clearTimeout(this.endTimer);
    this.startedAt = Date.now();
    this.startedPos = this.pos;
    const remainingMs = ((this.duration - this.pos) / this.rate) * 1000;
    this.endTimer = setTimeout(
      () => {
        this.endTimer = null;
        if (this.loop) {
          this.pos = 0;
          this.run();
          return;
        }
        this.pos = this.duration;
        this.ended = true;
        this.paused = true;
        this.wantPlay = false;
        this.dispatch('pause');
        this.dispatch('ended');
      },
      Math.max(0, remainingMs),
    );
  }

  private clearPlayTimers(): void {
    if (this.startTimer !== null) clearTimeout(this.startTimer);
    if (this.endTimer !== null) clearTimeout(this.endTimer);
    this.startTimer = null;
    this.endTimer = null;
  }

  private reset(): void {
    if (this.loadTimer !== null) clearTimeout(this.loadTimer);
    this.loadTimer = null;
    this.clearPlayTimers();
    this.loaded = false;
    this.wantPlay = false;
    this.paused = true;
    this.ended = false;
    this.error = null;
    this.pos = 0;
    this.duration = Number.NaN;
  }

  private dispatch(type: string): void {
    this.dispatchEvent(new Event(type));
  }
}

class FakeNode implements AudioNodeLike {
  connected: AudioNodeLike[] = [];
  connect(node: AudioNodeLike): AudioNodeLike {
    this.connected.push(node);
    return node;
  }
  disconnect(): void {
    this.connected = [];
  }
}

class FakeGain extends FakeNode implements GainLike {
  readonly gain = { value: 1 };
}

export class FakeBuffer implements AudioBufferLike {
  private readonly channels: Float32Array[];
  constructor(
    readonly numberOfChannels: number,
    readonly length: number,
    readonly sampleRate: number,
  ) {
    this.channels = Array.from({ length: numberOfChannels }, () => new Float32Array(length));
  }
  get duration(): number {
    return this.length / this.sampleRate;
  }
  getChannelData(channel: number): Float32Array {
    const data = this.channels[channel];
    if (!data) throw new Error('no such channel');
    return data;
  }
}

export class FakeBufferSource extends EventTarget implements BufferSourceLike {
  buffer: AudioBufferLike | null = null;
  readonly playbackRate = { value: 1 };
  connected: AudioNodeLike[] = [];
  started: { when: number; offset: number; duration: number | undefined } | null = null;
  startedAtMs = 0;
  stopped = false;
  private timer: ReturnType<typeof setTimeout> | null = null;

  connect(node: AudioNodeLike): AudioNodeLike {
    this.connected.push(node);
    return node;
  }
  disconnect(): void {
    this.connected = [];
  }
  start(when = 0, offset = 0, duration?: number): void {
    this.started = { when, offset, duration };
    this.startedAtMs = Date.now();
    const total = this.buffer?.duration ?? 0;
    const span = duration ?? total - offset;
    // Ends after the span at the rate in force at start (tests change rate separately).
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.dispatchEvent(new Event('ended'));
      },
      (span / this.playbackRate.value) * 1000,
    );
  }
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    // Real sources fire `ended` after stop() too, asynchronously.
    setTimeout(() => this.dispatchEvent(new Event('ended')), 0);
  }
}

export class FakeAudioContext extends EventTarget implements AudioContextLike {
  state: string;
  readonly sampleRate = 48000;
  readonly destination = new FakeNode();
  readonly sources: FakeBufferSource[] = [];
  readonly gains: FakeGain[] = [];
  resumeCalls = 0;
  private elapsed = 0;
  private runningSince = Date.now();

  constructor(private readonly world: FakeWorld) {
    super();
    this.state = world.mayPlay() ? 'running' : 'suspended';
  }

  get currentTime(): number {
    const live = this.state === 'running' ? (Date.now() - this.runningSince) / 1000 : 0;
    return this.elapsed + live;
  }

  resume(): Promise<void> {
    this.resumeCalls += 1;
    // Like browsers: the state changes asynchronously, and only with a user activation.
    const allowed = this.world.mayPlay();
    return Promise.resolve().then(() => {
      if (allowed) this.setState('running');
    });
  }

  suspend(): Promise<void> {
    this.setState('suspended');
    return Promise.resolve();
  }

  createBufferSource(): FakeBufferSource {
    const source = new FakeBufferSource();
    this.sources.push(source);
    return source;
  }

  createGain(): FakeGain {
    const gain = new FakeGain();
    this.gains.push(gain);
    return gain;
  }

  createBuffer(channels: number, length: number, sampleRate: number): FakeBuffer {
    return new FakeBuffer(channels, length, sampleRate);
  }

  decodeAudioData(
    data: ArrayBuffer,
    success?: (buffer: AudioBufferLike) => void,
    failure?: (error: unknown) => void,
  ): Promise<AudioBufferLike> {
    const url = new TextDecoder().decode(data);
    return new Promise((resolve, reject) => {
      setTimeout(() => {
        const media = this.world.media.get(url);
        if (!media || media.fail) {
          const error = new Error('EncodingError: unable to decode audio data');
          failure?.(error);
          reject(error);
          return;
        }
        const buffer = new FakeBuffer(
          1,
          Math.round(media.duration * this.sampleRate),
          this.sampleRate,
        );
        success?.(buffer);
        resolve(buffer);
      }, this.world.decodeDelayMs);
    });
  }

  private setState(state: string): void {
    if (state === this.state) return;
    if (this.state === 'running') this.elapsed = this.currentTime;
    if (state === 'running') this.runningSince = Date.now();
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}
