import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CURTAIN_FRAME_MS,
  CURTAIN_SLOW_MS,
  CURTAIN_TRANSITION_MS,
  CurtainMachine,
} from './curtain-machine';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('curtain state machine (spec §4)', () => {
  it('uses the spec constants: 800 ms transitions, 30 s slow report', () => {
    expect(CURTAIN_TRANSITION_MS).toBe(800);
    expect(CURTAIN_SLOW_MS).toBe(30_000);
    expect(CURTAIN_FRAME_MS).toBeCloseTo(16.7);
  });

  it('goes 0 → 1 (progress reset) → entered after a frame → 2 after 800 ms', async () => {
    const c = new CurtainMachine();
    c.setProgress(40); // ignored while hidden
    let covered = false;
    void c.enter('准备中').then(() => {
      covered = true;
    });
    expect(c.state).toMatchObject({ phase: 1, entered: false, progress: 0, hint: '准备中' });
    await vi.advanceTimersByTimeAsync(CURTAIN_FRAME_MS);
    expect(c.state).toMatchObject({ phase: 1, entered: true });
    await vi.advanceTimersByTimeAsync(CURTAIN_TRANSITION_MS - 1);
    expect(c.state.phase).toBe(1);
    expect(covered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(c.state.phase).toBe(2);
    expect(covered).toBe(true);
  });

  it('shows progress while covered, then leaves: 3 and back to 0 after 800 ms with text cleared', async () => {
    const c = new CurtainMachine();
    const covered = c.enter('hint');
    await vi.advanceTimersByTimeAsync(CURTAIN_FRAME_MS + CURTAIN_TRANSITION_MS);
    await covered;
    c.setProgress(63.4);
    expect(c.state.progress).toBe(63);
    c.setProgress(140);
    expect(c.state.progress).toBe(100);
    c.leave();
    expect(c.state.phase).toBe(3);
    await vi.advanceTimersByTimeAsync(799);
    expect(c.state.phase).toBe(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(c.state).toEqual({ phase: 0, entered: false, progress: 0, hint: '' });
  });

  it('going back while covered starts leaving; while hidden does nothing', async () => {
    const c = new CurtainMachine();
    c.back();
    expect(c.state.phase).toBe(0);
    void c.enter();
    await vi.advanceTimersByTimeAsync(CURTAIN_FRAME_MS + CURTAIN_TRANSITION_MS);
    c.back();
    expect(c.state.phase).toBe(3);
  });

  it('a second enter while entering waits for the same cover; enter while covered resolves at once', async () => {
    const c = new CurtainMachine();
    const order: string[] = [];
    void c.enter().then(() => order.push('a'));
    await vi.advanceTimersByTimeAsync(100);
    void c.enter().then(() => order.push('b'));
    await vi.advanceTimersByTimeAsync(CURTAIN_TRANSITION_MS);
    expect(order).toEqual(['a', 'b']);
    await c.enter();
    expect(c.state.phase).toBe(2);
  });

  it('leaving while entering releases waiters so navigation never hangs', async () => {
    const c = new CurtainMachine();
    let released = false;
    void c.enter().then(() => {
      released = true;
    });
    c.leave();
    await vi.advanceTimersByTimeAsync(0);
    expect(released).toBe(true);
    expect(c.state.phase).toBe(3);
  });

  it('fires the slow-curtain report after 30 s still up, not when it left in time', async () => {
    const onSlow = vi.fn();
    const c = new CurtainMachine(onSlow);
    void c.enter();
    await vi.advanceTimersByTimeAsync(CURTAIN_SLOW_MS - 1);
    expect(onSlow).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onSlow).toHaveBeenCalledTimes(1);

    const quick = vi.fn();
    const d = new CurtainMachine(quick);
    void d.enter();
    await vi.advanceTimersByTimeAsync(1000);
    d.leave();
    await vi.advanceTimersByTimeAsync(CURTAIN_SLOW_MS);
    expect(quick).not.toHaveBeenCalled();
  });

  it('notifies subscribers of every change', async () => {
    const c = new CurtainMachine();
    const phases: number[] = [];
    c.subscribe((s) => phases.push(s.phase));
    void c.enter();
    await vi.advanceTimersByTimeAsync(CURTAIN_FRAME_MS + CURTAIN_TRANSITION_MS);
    c.leave();
    await vi.advanceTimersByTimeAsync(CURTAIN_TRANSITION_MS);
    expect([...new Set(phases)]).toEqual([1, 2, 3, 0]);
  });
});
