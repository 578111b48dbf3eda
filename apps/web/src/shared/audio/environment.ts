/**
 * The browser surface the audio engine needs, as narrow structural types. The real
 * `HTMLAudioElement`, `AudioContext` and `document` satisfy them; tests pass small fakes.
 */

import { afterLoadIdle } from '../platform/idle';

export interface ListenerTarget {
  addEventListener(type: string, listener: () => void, options?: boolean): void;
  removeEventListener(type: string, listener: () => void, options?: boolean): void;
}

export interface AudioElementLike extends ListenerTarget {
  src: string;
  currentTime: number;
  readonly duration: number;
  readonly paused: boolean;
  readonly ended: boolean;
  readonly error: { readonly code: number; readonly message?: string } | null;
  playbackRate: number;
  defaultPlaybackRate: number;
  volume: number;
  loop: boolean;
  preload: string;
  /** Old WebViews return undefined instead of a promise. */
  play(): Promise<void> | undefined;
  pause(): void;
  load(): void;
  removeAttribute(name: string): void;
}

export interface AudioParamLike {
  value: number;
}

export interface AudioNodeLike {
  connect(node: AudioNodeLike): unknown;
  disconnect(): void;
}

export interface AudioBufferLike {
  readonly duration: number;
  readonly length: number;
  readonly numberOfChannels: number;
  readonly sampleRate: number;
  getChannelData(channel: number): Float32Array;
}

export interface BufferSourceLike extends AudioNodeLike, ListenerTarget {
  buffer: AudioBufferLike | null;
  readonly playbackRate: AudioParamLike;
  /** `offset` and `duration` are in buffer seconds: exactly the [offset, offset + duration) span. */
  start(when?: number, offset?: number, duration?: number): void;
  stop(when?: number): void;
}

export interface GainLike extends AudioNodeLike {
  readonly gain: AudioParamLike;
}

export interface AudioContextLike extends ListenerTarget {
  /** 'suspended' | 'running' | 'closed' (and 'interrupted' on iOS). */
  readonly state: string;
  readonly currentTime: number;
  readonly sampleRate: number;
  readonly destination: AudioNodeLike;
  resume(): Promise<void>;
  suspend(): Promise<void>;
  createBufferSource(): BufferSourceLike;
  createGain(): GainLike;
  createBuffer(channels: number, length: number, sampleRate: number): AudioBufferLike;
  /** Both the promise and the callbacks: old Safari only supports the callbacks. */
  decodeAudioData(
    data: ArrayBuffer,
    success?: (buffer: AudioBufferLike) => void,
    failure?: (error: unknown) => void,
  ): Promise<AudioBufferLike> | undefined;
}

export interface VisibilityLike extends ListenerTarget {
  readonly visibilityState: string;
}

export type AudioChannel = 'voice' | 'effect' | 'music';

export interface AudioErrorInfo {
  /** 'missing': no url was given; 'failed': the file did not load or decode. */
  kind: 'missing' | 'failed';
  url: string;
  channel: AudioChannel;
  reason?: string;
  /** False for tracks created with `silentErrors` (background music): report, but no toast. */
  notify: boolean;
}

export interface AudioEnvironment {
  createAudioElement(): AudioElementLike;
  /** Null when Web Audio is unavailable: everything then goes through HTMLAudio. */
  createContext: (() => AudioContextLike | null) | null;
  /** `low`: a preload, which must not take the network from the page's picture and data. */
  fetch(url: string, priority?: 'low'): Promise<ArrayBuffer>;
  now(): number;
  setTimeout(callback: () => void, ms: number): number;
  clearTimeout(handle: number): void;
  setInterval(callback: () => void, ms: number): number;
  clearInterval(handle: number): void;
  /** Where the capture-phase unlock listeners go (window); null: no gesture unlock. */
  gestureTarget: ListenerTarget | null;
  /** document, for `visibilitychange`; null: never hidden. */
  visibility: VisibilityLike | null;
  /** True when the page already had a user gesture (navigator.userActivation). */
  initiallyUnlocked(): boolean;
  /**
   * True where audio is expected to start without a gesture: the app's native shells (their web
   * views autoplay) and an installed web app (Android's do; where one does not, the context is
   * just made early, as before). Elsewhere the AudioContext is made at the first gesture or once
   * {@link probeAutoplay} says sound may play, not before: a page's first AudioContext is a long
   * main-thread task, and without a gesture it could mostly not play anyway (decision 083, third
   * round).
   */
  autoplayExpected(): boolean;
  /**
   * Whether this page may play sound without a gesture, asked of a silent media element once the
   * first load has gone idle (cheap: no AudioContext; `navigator.getAutoplayPolicy` is not in
   * Chromium).
   */
  probeAutoplay(): Promise<boolean>;
  report(error: AudioErrorInfo): void;
}

/** 4 ms of silence (8 kHz, 16-bit mono WAV) for the autoplay probe. */
const SILENT_WAV =
  'data:audio/wav;base64,UklGRmQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YUAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

type WindowWithWebkitAudio = Window & { webkitAudioContext?: typeof AudioContext };

/** The real browser APIs. `report` shows the toast and sends the pingback (see index.ts). */
export function browserAudioEnvironment(
  report: (error: AudioErrorInfo) => void,
  inShell: () => boolean = () => false,
): AudioEnvironment {
  const w: WindowWithWebkitAudio = window;
  const Context = typeof AudioContext === 'function' ? AudioContext : w.webkitAudioContext;
  return {
    createAudioElement: () => {
      const element = new Audio();
      element.preload = 'auto';
      return element;
    },
    createContext: Context ? () => new Context({ latencyHint: 'interactive' }) : null,
    fetch: async (url, priority) => {
      const response = await fetch(url, {
        credentials: 'same-origin',
        ...(priority ? { priority } : {}),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.arrayBuffer();
    },
    now: () => performance.now(),
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle),
    setInterval: (callback, ms) => window.setInterval(callback, ms),
    clearInterval: (handle) => window.clearInterval(handle),
    gestureTarget: window,
    visibility: document,
    initiallyUnlocked: () => navigator.userActivation?.hasBeenActive === true,
    // Asked once the first load has gone idle: a media element's first play opens the browser's
    // audio output (in Chromium, an audio service process is started), which would compete with
    // the first load for the CPU (issue 41, decision 116). A tap before then unlocks as always.
    probeAutoplay: () =>
      new Promise<boolean>((resolve) => {
        afterLoadIdle(() => {
          const probe = new Audio(SILENT_WAV);
          const played = probe.play();
          // Old WebViews answer no promise: nothing is known, the tap decides.
          if (!played) return resolve(false);
          played.then(
            () => {
              probe.pause();
              resolve(true);
            },
            () => resolve(false),
          );
        });
      }),
    autoplayExpected: () =>
      inShell() || window.matchMedia?.('(display-mode: standalone)').matches === true,
    report,
  };
}
