import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './after-paint';

afterEach(() => vi.restoreAllMocks());

/** Frame callbacks held until the test paints a frame. */
function holdFrames() {
  const frames: FrameRequestCallback[] = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
  vi.spyOn(window, 'cancelAnimationFrame').mockImplementation((id) => {
    frames[id - 1] = () => undefined;
  });
  return () => {
    for (const cb of frames.splice(0)) cb(0);
  };
}

describe('afterNextPaint', () => {
  it('runs the task only after the next frame, in a task of its own', async () => {
    const paint = holdFrames();
    const task = vi.fn();
    afterNextPaint(task);
    await new Promise((r) => setTimeout(r, 5));
    expect(task).not.toHaveBeenCalled();
    paint();
    expect(task).not.toHaveBeenCalled();
    await new Promise((r) => setTimeout(r, 0));
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('never runs a cancelled task', async () => {
    const paint = holdFrames();
    const task = vi.fn();
    afterNextPaint(task)();
    paint();
    await new Promise((r) => setTimeout(r, 5));
    expect(task).not.toHaveBeenCalled();
  });

  it('does not wait for a frame on a hidden page', async () => {
    holdFrames();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const task = vi.fn();
    afterNextPaint(task);
    await new Promise((r) => setTimeout(r, 5));
    expect(task).toHaveBeenCalledTimes(1);
  });
});
