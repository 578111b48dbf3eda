import {
  BUFFER_CACHE_BYTES,
  BUFFER_CACHE_FILES,
  noop,
  PRIME_TIMEOUT_MS,
  PRIMED_ELEMENTS,
} from './audio-types';
import type {
  AudioBufferLike,
  AudioContextLike,
  AudioElementLike,
  AudioEnvironment,
} from './environment';
import { Lru } from './lru';
import type { AudioUnlock } from './unlock';

/** What the cache needs of the shared AudioContext (unlock.ts). */
export type ContextSource = Pick<
  AudioUnlock,
  'getContext' | 'hasWebAudio' | 'isContextDeferred' | 'whenContextAllowed'
>;

/**
 * Preloading: decoded files (Web Audio) kept for an instant start and exact segments, or, without
 * Web Audio, HTMLAudio elements primed until they can play through. Loads in flight are shared.
 */
export class MediaCache {
  private readonly buffers = new Lru<string, AudioBufferLike>(
    BUFFER_CACHE_FILES,
    BUFFER_CACHE_BYTES,
  );
  private readonly loading = new Map<string, Promise<AudioBufferLike | null>>();
  private readonly primed = new Lru<string, AudioElementLike>(PRIMED_ELEMENTS, undefined, (_, el) =>
    releaseElement(el),
  );
  private readonly priming = new Map<string, Promise<boolean>>();
  /** Files fetched while the context is deferred: settle when the file is here (see loadBuffer). */
  private readonly fetchedBeforeContext = new Map<string, Promise<boolean>>();

  constructor(
    private readonly env: AudioEnvironment,
    private readonly context: ContextSource,
  ) {}

  /** Fetches and decodes (or primes an element) so a later play starts at once; never rejects. */
  preload(url: string): Promise<boolean> {
    if (!url) return Promise.resolve(false);
    if (this.context.hasWebAudio()) {
      const decoded = this.loadBuffer(url, 'low').then(
        // No context could be made after all: an element, as without Web Audio.
        (buffer) => buffer !== null || (!this.context.hasWebAudio() && this.primeElement(url)),
      );
      // Before the first gesture outside the shells the decode waits for it: the preload is done
      // once the file is here (a caller waiting on it must not wait for a tap).
      const fetched = this.fetchedBeforeContext.get(url);
      return fetched ? Promise.race([decoded, fetched]) : decoded;
    }
    return this.primeElement(url);
  }

  isPreloaded(url: string): boolean {
    return this.buffers.has(url) || this.primed.has(url);
  }

  cachedBuffer(url: string): AudioBufferLike | undefined {
    return this.buffers.get(url);
  }

  loadingBuffer(url: string): Promise<AudioBufferLike | null> | undefined {
    return this.loading.get(url);
  }

  takePrimed(url: string): AudioElementLike | undefined {
    return this.primed.take(url);
  }

  /**
   * `priority` low: a preload. A file asked for first by a track that needs it now is fetched at
   * the normal priority; one already being preloaded keeps its fetch.
   */
  loadBuffer(url: string, priority?: 'low'): Promise<AudioBufferLike | null> {
    const cached = this.buffers.get(url);
    if (cached) return Promise.resolve(cached);
    const pending = this.loading.get(url);
    if (pending) return pending;
    if (!this.context.hasWebAudio()) return Promise.resolve(null);
    // The file is asked for before the AudioContext is made, and the context is made in a task of
    // its own: a page's first AudioContext can take a long main-thread task (the browser's audio
    // service starting), which would otherwise hold back this request and whatever the caller
    // asks for beside it (the reader's picture; decision 083, second round).
    const fetched = this.env.fetch(url, priority);
    this.env.setTimeout(() => this.context.getContext(), 0);
    // Before the first gesture outside the shells there is no context yet (unlock.ts): the file
    // waits, fetched, and is decoded once the gesture has made one.
    // A preload made then is done when the file is here, if the context is still to come then;
    // else when it is decoded, as always.
    if (this.context.isContextDeferred()) {
      const arrived = fetched.then(
        (): Promise<boolean> | boolean => this.context.isContextDeferred() || new Promise(noop),
        () => false,
      );
      this.fetchedBeforeContext.set(url, arrived);
    }
    const promise = fetched
      .then(
        (data) =>
          new Promise<ArrayBuffer>((ready) => this.context.whenContextAllowed(() => ready(data))),
      )
      .then((data) => {
        const ctx = this.context.getContext();
        if (!ctx) throw new Error('no Web Audio');
        return decode(ctx, data);
      })
      .then(
        (buffer) => {
          const bytes = buffer.length * buffer.numberOfChannels * 4;
          this.buffers.set(url, buffer, bytes);
          return buffer;
        },
        () => null,
      )
      .finally(() => {
        this.loading.delete(url);
        this.fetchedBeforeContext.delete(url);
      });
    this.loading.set(url, promise);
    return promise;
  }

  clear(): void {
    this.primed.clear();
    this.buffers.clear();
  }

  private primeElement(url: string): Promise<boolean> {
    if (this.primed.has(url)) return Promise.resolve(true);
    const pending = this.priming.get(url);
    if (pending) return pending;
    const element = this.env.createAudioElement();
    const promise = new Promise<boolean>((resolve) => {
      const done = (ready: boolean) => {
        element.removeEventListener('canplaythrough', onReady);
        element.removeEventListener('error', onError);
        this.env.clearTimeout(timer);
        this.priming.delete(url);
        if (ready) this.primed.set(url, element);
        else releaseElement(element);
        resolve(ready);
      };
      const onReady = () => done(true);
      const onError = () => done(false);
      const timer = this.env.setTimeout(() => done(false), PRIME_TIMEOUT_MS);
      element.addEventListener('canplaythrough', onReady);
      element.addEventListener('error', onError);
    });
    this.priming.set(url, promise);
    element.preload = 'auto';
    element.src = url;
    element.load();
    return promise;
  }
}

function decode(ctx: AudioContextLike, data: ArrayBuffer): Promise<AudioBufferLike> {
  return new Promise((resolve, reject) => {
    const result = ctx.decodeAudioData(data, resolve, reject);
    result?.then(resolve, reject);
  });
}

/** Frees the media resource of an element (Android limits how many players may exist). */
export function releaseElement(element: AudioElementLike): void {
  element.pause();
  element.removeAttribute('src');
  element.load();
}
