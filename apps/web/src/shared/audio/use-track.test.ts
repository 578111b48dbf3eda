import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AudioEngine, createAudioEngine, type TrackOptions } from './audio-engine';
import { FakeWorld } from './test-audio-env';
import { useTrack, useTrackState } from './use-track';

let world: FakeWorld;
let engine: AudioEngine;

const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
  world = new FakeWorld({ loadDelayMs: 80, startDelayMs: 5 }).add('/a.mp3', 1).add('/b.mp3', 2);
  engine = createAudioEngine(world.env());
});
afterEach(() => {
  engine.dispose();
  vi.useRealTimers();
});

describe('useTrack / useTrackState', () => {
  it('renders the live state and progress of its track', async () => {
    const { result } = renderHook(() => useTrack({ url: '/b.mp3', needProgress: true }, engine));
    expect(result.current.state.state).toBe('pending');
    act(() => result.current.track.play());
    await tick(85);
    expect(result.current.state.state).toBe('playing');
    await tick(300);
    expect(result.current.state.currentTime).toBeCloseTo(0.3, 3);
    await tick(2000);
    expect(result.current.state.state).toBe('ended');
  });

  it('keeps the track across renders, applies speed to it, makes a new one for a new url', async () => {
    const { result, rerender } = renderHook((options: TrackOptions) => useTrack(options, engine), {
      initialProps: { url: '/a.mp3', speed: 1 },
    });
    const first = result.current.track;
    act(() => first.play());
    await tick(85);
    rerender({ url: '/a.mp3', speed: 1.25 });
    expect(result.current.track).toBe(first);
    expect(result.current.state.speed).toBe(1.25);
    expect(world.elements[0]?.playbackRate).toBe(1.25);
    rerender({ url: '/b.mp3', speed: 1.25 });
    expect(result.current.track).not.toBe(first);
    // The old track was stopped by the effect cleanup.
    expect(first.snapshot.state).toBe('pause');
  });

  it('stops the track on unmount', async () => {
    const { result, unmount } = renderHook(() => useTrack({ url: '/b.mp3' }, engine));
    const { track } = result.current;
    act(() => track.play());
    await tick(85);
    unmount();
    expect(track.snapshot.state).toBe('pause');
    expect(world.elements[0]?.paused).toBe(true);
  });

  it('useTrackState follows any track, and null gives null', async () => {
    const track = engine.createTrack({ url: '/a.mp3' });
    const { result, rerender } = renderHook(({ t }) => useTrackState(t), {
      initialProps: { t: track as typeof track | null },
    });
    expect(result.current?.state).toBe('pending');
    act(() => track.play());
    await tick(85);
    expect(result.current?.state).toBe('playing');
    rerender({ t: null });
    expect(result.current).toBeNull();
  });
});
