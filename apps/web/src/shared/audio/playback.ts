import type {
  AudioBufferLike,
  AudioContextLike,
  AudioElementLike,
  AudioEnvironment,
  BufferSourceLike,
  GainLike,
} from './environment';

/** What one playing file tells its track. */
export interface PlaybackHandlers {
  playing(): void;
  ended(): void;
  error(reason: string): void;
  /** The autoplay policy refused to start: wait for the unlock gesture, then `play()` again. */
  blocked(): void;
  /** The system paused it (audio focus loss, a call on iOS...): the track shows pause. */
  interrupted(): void;
  duration(): void;
}

/** One file (or one [start, end) segment of it) on one output. */
export interface Playback {
  readonly kind: 'element' | 'buffer';
  play(): void;
  pause(): void;
  seek(seconds: number): void;
  position(): number;
  duration(): number;
  setRate(rate: number): void;
  setVolume(volume: number): void;
  dispose(): void;
}

export interface PlaybackOptions {
  start: number;
  /** Exclusive end in file seconds; Infinity: the end of the file. */
  end: number;
  rate: number;
  volume: number;
  /** Native gapless loop of a single file (element only). */
  loop: boolean;
  /**
   * Element only: nothing is downloaded before play() is allowed (`preload` 'none'). Background
   * music before the autoplay unlock: refused, it would otherwise download while the page's own
   * files load, for a track that waits for the first tap anyway (decision 083, second round).
   */
  loadOnPlay?: boolean;
}

const ELEMENT_EVENTS = [
  'playing',
  'ended',
  'error',
  'pause',
  'durationchange',
  'loadedmetadata',
  'timeupdate',
] as const;

/** HTMLAudio playback: streams, starts quickly without a full download, imprecise seeking. */
export class ElementPlayback implements Playback {
  readonly kind = 'element';
  private wantPlaying = false;
  private finished = false;
  private endTimer: number | null = null;
  private readonly listeners: Record<(typeof ELEMENT_EVENTS)[number], () => void>;

  constructor(
    private readonly element: AudioElementLike,
    url: string,
    alreadyLoaded: boolean,
    private readonly options: PlaybackOptions,
    private readonly handlers: PlaybackHandlers,
    private readonly env: AudioEnvironment,
  ) {
    this.listeners = {
      playing: () => this.onPlaying(),
      ended: () => this.finish(),
      error: () => this.fail(`media error ${element.error?.code ?? '?'}`),
      pause: () => this.onPause(),
      durationchange: () => handlers.duration(),
      loadedmetadata: () => handlers.duration(),
      timeupdate: () => this.checkEnd(),
    };
    for (const type of ELEMENT_EVENTS) element.addEventListener(type, this.listeners[type]);
    element.loop = options.loop;
    if (!alreadyLoaded) {
      element.preload = options.loadOnPlay ? 'none' : 'auto';
      element.src = url;
    }
    element.defaultPlaybackRate = options.rate;
    element.playbackRate = options.rate;
    element.volume = clampVolume(options.volume);
    if (options.start > 0) this.seek(options.start);
  }

  play(): void {
    if (this.finished) return;
    this.wantPlaying = true;
    let result: Promise<void> | undefined;
    try {
      result = this.element.play();
    } catch (error) {
      this.fail(String(error));
      return;
    }
    result?.catch((error: unknown) => {
      if (this.finished) return;
      const name = error instanceof Error || isDomLikeError(error) ? error.name : '';
      if (name === 'NotAllowedError') {
        this.wantPlaying = false;
        this.handlers.blocked();
      } else if (name !== 'AbortError') {
        // AbortError: play() interrupted by our own pause() or a new src; not a failure.
        this.fail(String(error));
      }
    });
  }

  pause(): void {
    this.wantPlaying = false;
    this.clearEndTimer();
    this.element.pause();
  }

  seek(seconds: number): void {
    const target = Math.max(this.options.start, Math.min(seconds, this.options.end));
    try {
      this.element.currentTime = target;
    } catch {
      // Some old WebViews throw before metadata; the position is then applied by the browser.
    }
    if (this.wantPlaying) this.scheduleEnd();
  }

  position(): number {
    return this.element.currentTime;
  }

  duration(): number {
    const value = this.element.duration;
    return Number.isFinite(value) ? value : 0;
  }

  setRate(rate: number): void {
    this.options.rate = rate;
    this.element.defaultPlaybackRate = rate;
    this.element.playbackRate = rate;
    if (this.wantPlaying) this.scheduleEnd();
  }

  setVolume(volume: number): void {
    this.element.volume = clampVolume(volume);
  }

  dispose(): void {
    this.wantPlaying = false;
    this.finished = true;
    this.clearEndTimer();
    for (const type of ELEMENT_EVENTS) this.element.removeEventListener(type, this.listeners[type]);
    this.element.pause();
  }

  private onPlaying(): void {
    if (!this.wantPlaying) return;
    this.scheduleEnd();
    this.handlers.playing();
  }

  private onPause(): void {
    // The element also fires `pause` right before `ended`; only an unrequested pause counts.
    if (!this.wantPlaying || this.finished || this.element.ended) return;
    this.wantPlaying = false;
    this.clearEndTimer();
    this.handlers.interrupted();
  }

  /** Segment end for the fallback path: a timer for precision, timeupdate as a safety net. */
  private scheduleEnd(): void {
    this.clearEndTimer();
    if (!Number.isFinite(this.options.end)) return;
    const remainingMs = ((this.options.end - this.position()) / this.options.rate) * 1000;
    this.endTimer = this.env.setTimeout(() => this.checkEnd(true), Math.max(0, remainingMs));
  }

  private checkEnd(force = false): void {
    if (!this.wantPlaying || !Number.isFinite(this.options.end)) return;
    if (force || this.position() >= this.options.end - 0.01) {
      // Not playing any more before pause(), so its `pause` event is not taken for an interruption.
      this.wantPlaying = false;
      this.element.pause();
      this.finish();
    }
  }

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.wantPlaying = false;
    this.clearEndTimer();
    this.handlers.ended();
  }

  private fail(reason: string): void {
    if (this.finished) return;
    this.finished = true;
    this.wantPlaying = false;
    this.clearEndTimer();
    this.handlers.error(reason);
  }

  private clearEndTimer(): void {
    if (this.endTimer !== null) this.env.clearTimeout(this.endTimer);
    this.endTimer = null;
  }
}

/**
 * Web Audio playback of a decoded buffer: starts instantly and plays exactly [start, end)
 * (`AudioBufferSourceNode.start(0, offset, duration)`), with the position from the context clock.
 */
export class BufferPlayback implements Playback {
  readonly kind = 'buffer';
  private source: BufferSourceLike | null = null;
  private readonly gain: GainLike;
  private readonly end: number;
  private pos: number;
  private startedAt = 0;
  private startedPos = 0;
  private disposed = false;

  constructor(
    private readonly ctx: AudioContextLike,
    private readonly buffer: AudioBufferLike,
    private readonly options: PlaybackOptions,
    private readonly handlers: PlaybackHandlers,
  ) {
    this.end = Math.min(options.end, buffer.duration);
    this.pos = Math.max(0, Math.min(options.start, this.end));
    this.gain = ctx.createGain();
    this.gain.gain.value = clampVolume(options.volume);
    this.gain.connect(ctx.destination);
  }

  play(): void {
    if (this.source || this.disposed) return;
    if (this.pos >= this.end) {
      this.handlers.ended();
      return;
    }
    const source = this.ctx.createBufferSource();
    source.buffer = this.buffer;
    source.playbackRate.value = this.options.rate;
    source.connect(this.gain);
    const onEnded = () => {
      source.removeEventListener('ended', onEnded);
      if (this.source !== source) return;
      this.source = null;
      source.disconnect();
      this.pos = this.end;
      this.handlers.ended();
    };
    source.addEventListener('ended', onEnded);
    source.start(0, this.pos, this.end - this.pos);
    this.source = source;
    this.startedAt = this.ctx.currentTime;
    this.startedPos = this.pos;
    this.handlers.playing();
  }

  pause(): void {
    this.pos = this.position();
    this.stopSource();
  }

  seek(seconds: number): void {
    const playing = this.source !== null;
    this.stopSource();
    this.pos = Math.max(this.options.start, Math.min(seconds, this.end));
    if (playing) this.play();
  }

  position(): number {
    if (!this.source) return this.pos;
    const elapsed = Math.max(0, this.ctx.currentTime - this.startedAt) * this.options.rate;
    return Math.min(this.end, this.startedPos + elapsed);
  }

  duration(): number {
    return this.buffer.duration;
  }

  setRate(rate: number): void {
    if (this.source) {
      this.startedPos = this.position();
      this.startedAt = this.ctx.currentTime;
      this.source.playbackRate.value = rate;
    }
    this.options.rate = rate;
  }

  setVolume(volume: number): void {
    this.gain.gain.value = clampVolume(volume);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.stopSource();
    this.gain.disconnect();
  }

  private stopSource(): void {
    const source = this.source;
    if (!source) return;
    this.source = null;
    try {
      source.stop();
    } catch {
      // Already stopped.
    }
    source.disconnect();
  }
}

export function clampVolume(volume: number): number {
  if (!Number.isFinite(volume)) return 1;
  return Math.max(0, Math.min(1, volume));
}

function isDomLikeError(value: unknown): value is { name: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'name' in value &&
    typeof (value as { name: unknown }).name === 'string'
  );
}
