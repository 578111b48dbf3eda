import type { AudioEngine, Cancel, HiddenPolicy, Track, TrackOptions } from './audio-types';
import { Channels } from './channels';
import type {
  AudioBufferLike,
  AudioChannel,
  AudioContextLike,
  AudioElementLike,
  AudioEnvironment,
} from './environment';
import { MediaCache } from './preload';
import { type TrackHost, TrackImpl } from './track';
import { AudioUnlock } from './unlock';

/**
 * The audio engine: tracks (one file or a list) on three channels, Web Audio for preloaded files
 * and exact segments, HTMLAudio for streaming, the mobile autoplay unlock and pause-on-hide.
 * Framework-free; the browser is injected (`AudioEnvironment`) so tests run on fakes. The parts:
 * track.ts (tracks and segments), channels.ts (voice/effect/music, ducking, hidden pages),
 * preload.ts (decoded buffers and primed elements), unlock.ts (the AudioContext and the unlock).
 */
export * from './audio-types';
export type { AudioChannel, AudioEnvironment, AudioErrorInfo } from './environment';

export function createAudioEngine(env: AudioEnvironment): AudioEngine {
  return new Engine(env);
}

class Engine implements AudioEngine, TrackHost {
  private readonly unlock: AudioUnlock;
  private readonly cache: MediaCache;
  private readonly channels: Channels<TrackImpl>;

  constructor(readonly env: AudioEnvironment) {
    this.unlock = new AudioUnlock(env);
    this.cache = new MediaCache(env, this.unlock);
    this.channels = new Channels<TrackImpl>(
      env.visibility?.visibilityState === 'hidden',
      () => this.unlock.suspendForHidden(),
      () => this.unlock.resumeAfterHidden(),
    );
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
    return this.cache.preload(url);
  }

  isPreloaded(url: string): boolean {
    return this.cache.isPreloaded(url);
  }

  isAudioUnlocked(): boolean {
    return this.unlock.isUnlocked();
  }

  onUnlocked(callback: () => void): Cancel {
    return this.unlock.onUnlocked(callback);
  }

  setHiddenPolicy(policy: HiddenPolicy): void {
    this.channels.setHiddenPolicy(policy);
  }

  setEffectsMuted(muted: boolean): void {
    this.channels.setEffectsMuted(muted);
  }

  isEffectsMuted(): boolean {
    return this.channels.effectsAreMuted;
  }

  stopAll(channel?: AudioChannel): void {
    this.channels.stopAll(channel);
  }

  getContext(): AudioContextLike | null {
    return this.unlock.getContext();
  }

  hasWebAudio(): boolean {
    return this.unlock.hasWebAudio();
  }

  dispose(): void {
    this.stopAll();
    this.env.visibility?.removeEventListener('visibilitychange', this.onVisibilityChange);
    this.unlock.dispose();
    this.cache.clear();
  }

  // ---- used by tracks (TrackHost) ----

  get effectsAreMuted(): boolean {
    return this.channels.effectsAreMuted;
  }

  shouldHold(): boolean {
    return this.channels.shouldHold();
  }

  activate(track: TrackImpl): void {
    this.channels.activate(track);
  }

  deactivate(track: TrackImpl): void {
    this.channels.deactivate(track);
  }

  report(kind: 'missing' | 'failed', track: TrackImpl, url: string, reason: string): void {
    this.env.report({ kind, url, channel: track.channel, reason, notify: !track.silentErrors });
  }

  cachedBuffer(url: string): AudioBufferLike | undefined {
    return this.cache.cachedBuffer(url);
  }

  loadingBuffer(url: string): Promise<AudioBufferLike | null> | undefined {
    return this.cache.loadingBuffer(url);
  }

  loadBuffer(url: string): Promise<AudioBufferLike | null> {
    return this.cache.loadBuffer(url);
  }

  takePrimed(url: string): AudioElementLike | undefined {
    return this.cache.takePrimed(url);
  }

  whenContextRunning(start: () => void): Cancel {
    return this.unlock.whenContextRunning(start);
  }

  waitForGesture(callback: () => void): Cancel {
    return this.unlock.waitForGesture(callback);
  }

  markUnlocked(): void {
    this.unlock.markUnlocked();
  }

  private readonly onVisibilityChange = (): void => {
    this.channels.setHidden(this.env.visibility?.visibilityState === 'hidden');
  };
}
