import type { TBgmArea } from '@picbook/contracts';
import { useEffect } from 'react';
import { afterLoadIdle } from '../platform/idle';
import type { AudioEngine, Track } from './audio-engine';
import { getAudioEngine } from './default-engine';

/** Fade in, fade out and crossfade length of the background music. */
export const BGM_FADE_MS = 400;

/** Shell spec §4: exact paths only; every other path stops the music. */
const AREA_BY_PATH: ReadonlyMap<string, TBgmArea> = new Map([
  ['/library', 'library'],
  ['/learning', 'learning'],
  ['/words', 'words'],
  ['/mission/growth', 'growth'],
  ['/planning', 'growth'],
]);

export function bgmAreaForPath(pathname: string): TBgmArea | null {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return AREA_BY_PATH.get(path) ?? null;
}

export interface BackgroundMusic {
  /** Plays this url (looping, faded in; a different one crossfades), or fades out on null. */
  play(url: string | null): void;
  readonly current: Track | null;
}

export function createBackgroundMusic(engine: AudioEngine, fadeMs = BGM_FADE_MS): BackgroundMusic {
  let current: { url: string; track: Track } | null = null;
  let waiting: { url: string; cancel: () => void } | null = null;
  const start = (url: string) => {
    const track = engine.createTrack({
      url,
      channel: 'music',
      loop: true,
      fadeIn: fadeMs,
      silentErrors: true,
    });
    current = { url, track };
    track.play();
  };
  return {
    get current() {
      return current?.track ?? null;
    },
    play(url) {
      if (current?.url === url || waiting?.url === url) return;
      waiting?.cancel();
      waiting = null;
      if (current) {
        const old = current.track;
        void old.fade(0, fadeMs).then(() => old.destroy());
      }
      current = null;
      if (!url) return;
      // The music's file (172 KB) waits until the page has loaded and the main thread is idle:
      // on the first load it would only compete with the page (issue 41). The track itself then
      // waits for the autoplay unlock, as every track does.
      let started = false;
      const cancel = afterLoadIdle(() => {
        started = true;
        waiting = null;
        start(url);
      });
      if (!started) waiting = { url, cancel };
    },
  };
}

const controllers = new WeakMap<AudioEngine, BackgroundMusic>();

export function backgroundMusicFor(engine: AudioEngine): BackgroundMusic {
  let controller = controllers.get(engine);
  if (!controller) {
    controller = createBackgroundMusic(engine);
    controllers.set(engine, controller);
  }
  return controller;
}

export interface BackgroundMusicOptions {
  /** configs.bgm (undefined while configs load). */
  tracks: Partial<Record<TBgmArea, string>> | null | undefined;
  /** Logged in and play_bgm === 1. */
  enabled: boolean;
  engine?: AudioEngine;
}

/**
 * Shell spec §4: /library, /learning, /words, /mission/growth and /planning play their configured
 * track while the user is logged in and music is on; anything else stops it. Hidden pages pause it
 * (engine rule), voice ducks it.
 */
export function useBackgroundMusic(pathname: string, options: BackgroundMusicOptions): void {
  const engine = options.engine ?? getAudioEngine();
  const area = bgmAreaForPath(pathname);
  const url = options.enabled && area ? options.tracks?.[area] || null : null;
  useEffect(() => {
    backgroundMusicFor(engine).play(url);
  }, [engine, url]);
  useEffect(() => () => backgroundMusicFor(engine).play(null), [engine]);
}
