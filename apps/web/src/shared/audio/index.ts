import type { AudioChannel, HiddenPolicy, Track, TrackOptions } from './audio-engine';
import { getAudioEngine } from './default-engine';

/**
 * The app's audio: one engine on the real browser APIs. Importing this module installs the
 * autoplay-unlock listener, so the shell should import it early (it does via useBackgroundMusic).
 */
if (typeof window !== 'undefined') getAudioEngine();

export const createTrack = (options: TrackOptions): Track => getAudioEngine().createTrack(options);
export const playSegment = (
  url: string,
  start: number,
  end: number,
  options?: Omit<TrackOptions, 'url' | 'start' | 'end'>,
): Track => getAudioEngine().playSegment(url, start, end, options);
export const preload = (url: string): Promise<boolean> => getAudioEngine().preload(url);
export const isPreloaded = (url: string): boolean => getAudioEngine().isPreloaded(url);
export const isAudioUnlocked = (): boolean => getAudioEngine().isAudioUnlocked();
export const onUnlocked = (callback: () => void): (() => void) =>
  getAudioEngine().onUnlocked(callback);
export const setHiddenPolicy = (policy: HiddenPolicy): void =>
  getAudioEngine().setHiddenPolicy(policy);
export const setEffectsMuted = (muted: boolean): void => getAudioEngine().setEffectsMuted(muted);
export const stopAll = (channel?: AudioChannel): void => getAudioEngine().stopAll(channel);

export type {
  AudioChannel,
  AudioEngine,
  HiddenPolicy,
  Track,
  TrackOptions,
  TrackSnapshot,
  TrackState,
} from './audio-engine';
export { createAudioEngine, DEFAULT_SPEED, PROGRESS_INTERVAL_MS } from './audio-engine';
export { BGM_FADE_MS, bgmAreaForPath, useBackgroundMusic } from './background-music';
export { playClick } from './click-sound';
export { getAudioEngine, reportAudioError } from './default-engine';
export { type Feedback, playFeedback } from './feedback-sound';
export { useTrack, useTrackSelector, useTrackState } from './use-track';
