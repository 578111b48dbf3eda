import { type Cancel, noop } from './audio-types';
import type { AudioContextLike, AudioEnvironment } from './environment';

const GESTURE_EVENTS = ['pointerdown', 'touchend', 'keydown', 'click'] as const;

/**
 * The shared AudioContext and the mobile autoplay unlock: audio may play once the context runs
 * or a user gesture has resumed it (a silent buffer is played inside the gesture); waiters are
 * called then. Also suspends the context while the page is hidden.
 */
export class AudioUnlock {
  private ctx: AudioContextLike | null = null;
  private ctxUnavailable = false;
  private suspendedWhileHidden = false;
  private unlocked: boolean;
  private listeningForGesture = false;
  private probed = false;
  private readonly unlockWaiters = new Set<() => void>();
  private readonly gestureWaiters = new Set<() => void>();

  constructor(private readonly env: AudioEnvironment) {
    this.unlocked = env.initiallyUnlocked();
    if (!this.unlocked) this.listenForGesture();
  }

  /**
   * A browser that allows sound without a gesture (a desktop browser on a site it knows, a test
   * browser) says so to a silent element: audio is unlocked then, as after a tap. Asked once, when
   * the first sound waits for the unlock: a page that plays nothing starts no audio output (issue
   * 41, decision 116).
   */
  private probeOnce(): void {
    if (this.probed || !this.isContextDeferred()) return;
    this.probed = true;
    this.env.probeAutoplay().then((allowed) => {
      if (allowed) this.markUnlocked();
    }, noop);
  }

  isUnlocked(): boolean {
    return this.unlocked;
  }

  onUnlocked(callback: () => void): Cancel {
    if (this.unlocked) {
      callback();
      return noop;
    }
    const waiter = () => callback();
    this.unlockWaiters.add(waiter);
    this.probeOnce();
    return () => this.unlockWaiters.delete(waiter);
  }

  /** Whether Web Audio can be used (a context exists or may still be made), without making one. */
  hasWebAudio(): boolean {
    return this.ctx !== null || (!this.ctxUnavailable && this.env.createContext !== null);
  }

  /**
   * Whether the AudioContext is not made yet because audio could not start anyway: no gesture
   * yet, outside the app's shells (AudioEnvironment.autoplayExpected), and the autoplay probe
   * has not said sound may play. The first gesture (or that answer) makes it.
   */
  isContextDeferred(): boolean {
    return (
      this.ctx === null &&
      !this.ctxUnavailable &&
      this.env.createContext !== null &&
      !this.unlocked &&
      !this.env.autoplayExpected()
    );
  }

  /**
   * The shared AudioContext, created on first use; null without Web Audio, and null while it is
   * deferred ({@link isContextDeferred}).
   */
  getContext(): AudioContextLike | null {
    return this.isContextDeferred() ? null : this.makeContext();
  }

  /** Calls `callback` once the context may be made: now, or after the unlock (tap or probe). */
  whenContextAllowed(callback: () => void): Cancel {
    if (this.isContextDeferred()) return this.onUnlocked(callback);
    callback();
    return noop;
  }

  /** The context, made now if it is not yet (the unlock gesture makes the deferred one). */
  private makeContext(): AudioContextLike | null {
    if (this.ctx || this.ctxUnavailable) return this.ctx;
    try {
      this.ctx = this.env.createContext?.() ?? null;
    } catch {
      this.ctx = null;
    }
    if (!this.ctx) {
      this.ctxUnavailable = true;
      return null;
    }
    this.ctx.addEventListener('statechange', this.onContextStateChange);
    if (this.ctx.state === 'running') this.markUnlocked();
    return this.ctx;
  }

  /** Calls `start` once the context runs: now, after resume(), or after the unlock gesture. */
  whenContextRunning(start: () => void): Cancel {
    if (this.isContextDeferred()) {
      let inner: Cancel = noop;
      const cancel = this.whenContextAllowed(() => {
        inner = this.whenContextRunning(start);
      });
      return () => {
        cancel();
        inner();
      };
    }
    const ctx = this.getContext();
    if (!ctx || ctx.state === 'running') {
      start();
      return noop;
    }
    if (!this.unlocked) return this.onUnlocked(start);
    let live = true;
    const go = () => {
      if (live) start();
    };
    ctx.resume().then(go, go);
    // If resume() needs a gesture after all (iOS after an interruption), the next tap does it.
    this.listenForGesture();
    return () => {
      live = false;
    };
  }

  /** Calls `callback` on the next user gesture (an element refused by the autoplay policy). */
  waitForGesture(callback: () => void): Cancel {
    const waiter = () => callback();
    this.gestureWaiters.add(waiter);
    this.listenForGesture();
    return () => this.gestureWaiters.delete(waiter);
  }

  markUnlocked(): void {
    if (this.unlocked) return;
    this.unlocked = true;
    const waiters = [...this.unlockWaiters];
    this.unlockWaiters.clear();
    for (const waiter of waiters) waiter();
  }

  /** The page was hidden: a running context is suspended until it shows again. */
  suspendForHidden(): void {
    const ctx = this.ctx;
    if (ctx && ctx.state === 'running') {
      this.suspendedWhileHidden = true;
      ctx.suspend().catch(noop);
    }
  }

  resumeAfterHidden(): void {
    const ctx = this.ctx;
    if (ctx && this.suspendedWhileHidden) {
      this.suspendedWhileHidden = false;
      ctx.resume().catch(noop);
    }
  }

  dispose(): void {
    this.stopListeningForGesture();
    this.ctx?.removeEventListener('statechange', this.onContextStateChange);
    this.unlockWaiters.clear();
    this.gestureWaiters.clear();
  }

  private listenForGesture(): void {
    const target = this.env.gestureTarget;
    if (this.listeningForGesture || !target) return;
    this.listeningForGesture = true;
    for (const type of GESTURE_EVENTS) target.addEventListener(type, this.onGesture, true);
  }

  private stopListeningForGesture(): void {
    const target = this.env.gestureTarget;
    if (!this.listeningForGesture || !target) return;
    this.listeningForGesture = false;
    for (const type of GESTURE_EVENTS) target.removeEventListener(type, this.onGesture, true);
  }

  /** The unlock: resume the context and play a silent buffer inside the user's gesture. */
  private readonly onGesture = (): void => {
    this.stopListeningForGesture();
    const ctx = this.makeContext();
    if (ctx) {
      if (ctx.state !== 'running') ctx.resume().catch(noop);
      try {
        const silence = ctx.createBufferSource();
        silence.buffer = ctx.createBuffer(1, 1, 22050);
        silence.connect(ctx.destination);
        silence.start(0);
      } catch {
        // A closed context: nothing to unlock.
      }
    }
    this.markUnlocked();
    const waiters = [...this.gestureWaiters];
    this.gestureWaiters.clear();
    for (const waiter of waiters) waiter();
  };

  private readonly onContextStateChange = (): void => {
    if (this.ctx?.state === 'running') this.markUnlocked();
  };
}
