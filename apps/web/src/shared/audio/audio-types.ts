import type { AudioChannel, AudioContextLike } from './environment';

// The engine's settings and the shapes of its tracks (audio-engine.ts puts them together).

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

export type TrackState = 'pending' | 'playing' | 'pause' | 'ended' | 'error';
export type HiddenPolicy = 'pause' | 'continue';

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
  /**
   * The shared AudioContext, created on first use; null without Web Audio, and null before the
   * first gesture where audio could not start without one (unlock.ts, isContextDeferred).
   */
  getContext(): AudioContextLike | null;
  /** Removes every listener and stops everything (tests, hot reload). */
  dispose(): void;
}

/** Cancels a wait (for the unlock, a gesture, a running context). */
export type Cancel = () => void;
export const noop: Cancel = () => {};
