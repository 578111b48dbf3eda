import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { AudioEngine, Track, TrackOptions, TrackSnapshot } from './audio-engine';
import { getAudioEngine } from './default-engine';

const subscribeNothing = () => () => {};
const nothing = () => null;

/** The live snapshot of a track (re-renders on every change: state, progress, speed...). */
export function useTrackState(track: Track): TrackSnapshot;
export function useTrackState(track: Track | null): TrackSnapshot | null;
export function useTrackState(track: Track | null): TrackSnapshot | null {
  return useSyncExternalStore(
    track ? track.subscribe : subscribeNothing,
    track ? track.getSnapshot : nothing,
    track ? track.getSnapshot : nothing,
  );
}

/**
 * A value derived from a track's snapshot, re-rendering only when it changes: `select` returns
 * `previous` itself when nothing the caller shows changed (a progress tick within the same
 * word), and the store is compared by identity. `select` must be stable (useCallback).
 */
export function useTrackSelector<T>(
  track: Track | null,
  select: (snapshot: TrackSnapshot | null, previous: T) => T,
  initial: T,
): T {
  const last = useRef(initial);
  const get = useCallback(
    () => (last.current = select(track?.getSnapshot() ?? null, last.current)),
    [track, select],
  );
  return useSyncExternalStore(track ? track.subscribe : subscribeNothing, get, get);
}

/** What makes a different track; speed and volume are applied to the same track instead. */
function trackKey(options: TrackOptions): string {
  const { url, loop, loopInterval, interval, needProgress, channel, start, end, fadeIn } = options;
  return JSON.stringify([
    url ?? null,
    loop,
    loopInterval,
    interval,
    needProgress,
    channel,
    start,
    end,
    fadeIn,
    options.silentErrors,
  ]);
}

/**
 * A track owned by the component: created for its options (a new one when the url list or the
 * playback shape changes), stopped on unmount. It does not start by itself: call `track.play()`.
 */
export function useTrack(
  options: TrackOptions,
  engine?: AudioEngine,
): { track: Track; state: TrackSnapshot } {
  const source = engine ?? getAudioEngine();
  const key = trackKey(options);
  const [owned, setOwned] = useState(() => ({ key, source, track: source.createTrack(options) }));
  let current = owned;
  if (owned.key !== key || owned.source !== source) {
    // Creating a track has no side effect until it plays, so doing it while rendering is safe.
    current = { key, source, track: source.createTrack(options) };
    setOwned(current);
  }
  const { track } = current;
  useEffect(() => () => track.stop(), [track]);
  const { speed, volume } = options;
  useEffect(() => {
    if (speed !== undefined) track.setSpeed(speed);
  }, [track, speed]);
  useEffect(() => {
    if (volume !== undefined) track.setVolume(volume);
  }, [track, volume]);
  return { track, state: useTrackState(track) };
}
