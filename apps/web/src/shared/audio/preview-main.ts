/**
 * Dev-only harness (not imported by the app): open /src/shared/audio/preview.html on the Vite dev
 * server. `?media=` is the base of the sample media (default /media, the dev proxy to the API).
 * Exposes `window.audioPreview` for the Playwright driver (preview-drive.mjs).
 */
import {
  type AudioEngine,
  createAudioEngine,
  type Track,
  type TrackSnapshot,
} from './audio-engine';
import { playClick } from './click-sound';
import { type AudioErrorInfo, browserAudioEnvironment } from './environment';

const media = new URLSearchParams(location.search).get('media') ?? '/media';
const reports: AudioErrorInfo[] = [];
const report = (error: AudioErrorInfo) => {
  reports.push(error);
  log(`report ${error.kind} ${error.url} ${error.reason ?? ''}`);
};
const engine = createAudioEngine(browserAudioEnvironment(report));
/** The same engine without Web Audio: the HTMLAudio fallback everywhere. */
const fallback = createAudioEngine({
  ...browserAudioEnvironment(report),
  createContext: null,
  gestureTarget: null,
});

function log(line: string): void {
  const pre = document.getElementById('log');
  if (pre) pre.textContent += `${line}\n`;
}

/** Resolves with performance.now() when the track first reaches `state`. */
function when(track: Track, state: TrackSnapshot['state']): Promise<number> {
  return new Promise((resolve) => {
    if (track.snapshot.state === state) resolve(performance.now());
    const off = track.subscribe((s) => {
      if (s.state !== state) return;
      off();
      resolve(performance.now());
    });
  });
}

function pick(useFallback: boolean): AudioEngine {
  return useFallback ? fallback : engine;
}

const api = {
  media,
  reports,
  unlocked: () => engine.isAudioUnlocked(),
  contextState: () => engine.getContext()?.state ?? 'none',
  outputLatency: () => {
    const ctx = engine.getContext();
    if (!(ctx instanceof AudioContext)) return null;
    return { baseLatency: ctx.baseLatency, outputLatency: ctx.outputLatency };
  },
  /** ms from play() to the first `playing` state, optionally after preload(). */
  async startLatency(url: string, options: { preload: boolean; fallback?: boolean }) {
    const target = pick(options.fallback ?? false);
    if (options.preload) {
      const ready = await target.preload(url);
      if (!ready) throw new Error(`preload failed: ${url}`);
    }
    const track = target.createTrack({ url });
    const playing = when(track, 'playing');
    const t0 = performance.now();
    track.play();
    const t1 = await playing;
    const ended = await when(track, 'ended');
    return { startMs: t1 - t0, playedMs: ended - t1, duration: track.snapshot.duration };
  },
  /** Wall time and context time from `playing` to `ended` of a segment. */
  async segment(
    url: string,
    start: number,
    end: number,
    options: { fallback?: boolean; speed?: number } = {},
  ) {
    const target = pick(options.fallback ?? false);
    const ctx = options.fallback ? null : target.getContext();
    const track = target.createTrack({ url, start, end, speed: options.speed ?? 1 });
    const playing = when(track, 'playing');
    const ended = when(track, 'ended');
    const t0 = performance.now();
    track.play();
    const t1 = await playing;
    const c1 = ctx?.currentTime ?? 0;
    const t2 = await ended;
    const c2 = ctx?.currentTime ?? 0;
    return {
      loadMs: t1 - t0,
      wallMs: t2 - t1,
      contextMs: ctx ? (c2 - c1) * 1000 : null,
      expectedMs: ((end - start) * 1000) / (options.speed ?? 1),
      endTime: track.snapshot.currentTime,
    };
  },
  lastState: { value: '' },
  /** Starts a track and records its state as it changes (checks the unlock gating). */
  startAndWatch(url: string): string {
    const track = engine.createTrack({ url });
    track.subscribe((s) => {
      api.lastState.value = s.state;
    });
    track.play();
    api.lastState.value = track.snapshot.state;
    return track.snapshot.state;
  },
};

/** `?autostart=<url>[&preload=1]`: starts a track at load, before any user gesture. */
const params = new URLSearchParams(location.search);
const autostart = params.get('autostart');
if (autostart) {
  const states: string[] = [];
  const track = engine.createTrack({ url: autostart });
  track.subscribe((s) => {
    api.lastState.value = s.state;
    states.push(s.state);
  });
  const go = () => {
    track.play();
    api.lastState.value = track.snapshot.state;
    log(`autostart: ${track.snapshot.state}, unlocked ${engine.isAudioUnlocked()}`);
  };
  if (params.get('preload')) void engine.preload(autostart).then(go);
  else go();
}

document.getElementById('click')?.addEventListener('click', () => playClick(engine));
(window as Window & { audioPreview?: typeof api }).audioPreview = api;
log(`ready; media base ${media}`);
