import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AudioEngine, createAudioEngine, DUCK_LEVEL } from './audio-engine';
import {
  type BackgroundMusicOptions,
  BGM_FADE_MS,
  bgmAreaForPath,
  useBackgroundMusic,
} from './background-music';
import { FakeWorld } from './test-audio-env';

const bgm = {
  library: '/bgm/library.mp3',
  learning: '/bgm/learning.mp3',
  words: '/bgm/words.mp3',
  growth: '/bgm/growth.mp3',
};

describe('bgmAreaForPath (shell spec §4: exact paths, anything else stops)', () => {
  it.each([
    ['/library', 'library'],
    ['/learning', 'learning'],
    ['/words', 'words'],
    ['/mission/growth', 'growth'],
    ['/planning', 'growth'],
    ['/library/', 'library'],
    ['/', null],
    ['', null],
    ['/library/level/1', null],
    ['/libraryx', null],
    ['/learning/part', null],
    ['/words/preview', null],
    ['/mission', null],
    ['/mission/zero', null],
    ['/mission/growth/1', null],
    ['/planning/daily', null],
    ['/read/1101', null],
    ['/parents/center', null],
    ['/LIBRARY', null],
  ])('%s → %s', (path, area) => {
    expect(bgmAreaForPath(path)).toBe(area);
  });
});

describe('useBackgroundMusic', () => {
  let world: FakeWorld;
  let engine: AudioEngine;
  const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
  const srcs = () => world.elements.map((e) => e.src);

  function render(path: string, options: Partial<BackgroundMusicOptions> = {}) {
    return renderHook(
      ({ path: p, options: o }) =>
        useBackgroundMusic(p, { tracks: bgm, enabled: true, engine, ...o }),
      { initialProps: { path, options } },
    );
  }

  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    world = new FakeWorld({ loadDelayMs: 80, startDelayMs: 5 });
    for (const url of Object.values(bgm)) world.add(url, 30);
    world.add('/voice.mp3', 1);
    engine = createAudioEngine(world.env());
  });
  afterEach(() => {
    engine.dispose();
    vi.useRealTimers();
  });

  it('plays the area track in a loop and fades it in over ~400 ms', async () => {
    render('/library');
    await tick(0);
    expect(srcs()).toEqual(['/bgm/library.mp3']);
    const element = world.elements[0];
    expect(element?.loop).toBe(true);
    expect(element?.volume).toBe(0);
    await tick(85);
    expect(element?.isPlaying).toBe(true);
    await tick(BGM_FADE_MS / 2);
    expect(element?.volume).toBeGreaterThan(0.3);
    expect(element?.volume).toBeLessThan(0.7);
    await tick(BGM_FADE_MS / 2 + 25);
    expect(element?.volume).toBe(1);
  });

  it('crossfades when switching tabs, and the old track is released after the fade', async () => {
    const { rerender } = render('/library');
    await tick(85 + BGM_FADE_MS + 25);
    rerender({ path: '/words', options: {} });
    await tick(0);
    expect(srcs()).toEqual(['/bgm/library.mp3', '/bgm/words.mp3']);
    const [oldElement, newElement] = world.elements;
    await tick(85 + BGM_FADE_MS / 2);
    // Both audible mid-way: one going down, one coming up.
    expect(oldElement?.volume).toBeGreaterThan(0);
    expect(oldElement?.volume).toBeLessThan(1);
    expect(newElement?.volume).toBeGreaterThan(0);
    await tick(BGM_FADE_MS);
    expect(oldElement?.src).toBe('');
    expect(newElement?.volume).toBe(1);
  });

  it('keeps the same music across paths that share a track (/mission/growth → /planning)', async () => {
    const { rerender } = render('/mission/growth');
    await tick(85);
    rerender({ path: '/planning', options: {} });
    await tick(1000);
    expect(srcs()).toEqual(['/bgm/growth.mp3']);
    expect(world.elements[0]?.isPlaying).toBe(true);
  });

  it.each([
    ['another path', { path: '/read/1101', options: {} }],
    ['music switched off', { path: '/library', options: { enabled: false } }],
  ])('fades out and stops on %s', async (_, next) => {
    const { rerender } = render('/library');
    await tick(85 + BGM_FADE_MS + 25);
    rerender(next);
    await tick(BGM_FADE_MS / 2);
    expect(world.elements[0]?.volume).toBeLessThan(1);
    await tick(BGM_FADE_MS / 2 + 25);
    expect(world.elements[0]?.src).toBe('');
    expect(world.elements).toHaveLength(1);
  });

  it('plays nothing when disabled (guest or play_bgm 0) or before configs load', async () => {
    render('/library', { enabled: false });
    render('/library', { tracks: undefined });
    render('/words', { tracks: { ...bgm, words: '' } });
    await tick(1000);
    expect(world.elements).toHaveLength(0);
  });

  it('waits for the autoplay unlock, then starts', async () => {
    engine.dispose();
    world.autoplay = false;
    engine = createAudioEngine(world.env());
    render('/learning');
    await tick(1000);
    expect(world.elements[0]?.isPlaying).toBe(false);
    act(() => world.gesture());
    await tick(5 + BGM_FADE_MS + 25);
    expect(world.elements[0]?.isPlaying).toBe(true);
    expect(world.elements[0]?.volume).toBe(1);
  });

  it('is ducked while a voice track plays, and paused while the page is hidden', async () => {
    render('/library');
    await tick(85 + BGM_FADE_MS + 25);
    const music = world.elements[0];
    const voice = engine.createTrack({ url: '/voice.mp3' });
    act(() => voice.play());
    await tick(300);
    expect(music?.volume).toBeCloseTo(DUCK_LEVEL, 5);
    await tick(1000);
    act(() => world.setHidden(true));
    expect(music?.paused).toBe(true);
    act(() => world.setHidden(false));
    await tick(5 + BGM_FADE_MS + 25);
    expect(music?.isPlaying).toBe(true);
    expect(music?.volume).toBe(1);
  });

  it('fetches nothing until the page has loaded (the first load carries no music, issue 41)', async () => {
    const ready = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const { rerender } = render('/library');
    await tick(1000);
    // Another area before the load replaces the wait instead of adding one.
    rerender({ path: '/words', options: {} });
    await tick(1000);
    expect(world.elements).toHaveLength(0);
    ready.mockReturnValue('complete');
    act(() => {
      window.dispatchEvent(new Event('load'));
    });
    await tick(85 + BGM_FADE_MS + 25);
    expect(srcs()).toEqual(['/bgm/words.mp3']);
    expect(world.elements[0]?.isPlaying).toBe(true);
    ready.mockRestore();
  });

  it('stops on unmount', async () => {
    const { unmount } = render('/library');
    await tick(85);
    unmount();
    await tick(BGM_FADE_MS + 25);
    expect(world.elements[0]?.src).toBe('');
  });
});
