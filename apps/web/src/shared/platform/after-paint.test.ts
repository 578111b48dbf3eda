import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint, PAINT_REPORT_WAIT_MS, whenImagePainted } from './after-paint';

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

/** A fake PerformanceObserver for Element Timing: `report(el)` delivers an entry for `el`. */
function fakeElementTiming() {
  const observers: Array<(list: { getEntries(): unknown[] }) => void> = [];
  class FakeObserver {
    static supportedEntryTypes = ['element', 'mark'];
    constructor(private readonly cb: (list: { getEntries(): unknown[] }) => void) {}
    observe() {
      observers.push(this.cb);
    }
    disconnect() {
      const at = observers.indexOf(this.cb);
      if (at >= 0) observers.splice(at, 1);
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return {
    report: (element: Element) => {
      for (const cb of [...observers])
        cb({ getEntries: () => [{ entryType: 'element', element }] });
    },
    observing: () => observers.length,
  };
}

const picture = (timed: boolean) => {
  const img = document.createElement('img');
  if (timed) img.setAttribute('elementtiming', 'reader-picture');
  img.decode = () => Promise.resolve();
  return img;
};

describe('whenImagePainted (decision 084)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("waits for the picture's own paint report where the browser gives one", async () => {
    const timing = fakeElementTiming();
    const paint = holdFrames();
    const img = picture(true);
    const task = vi.fn();
    whenImagePainted(img, task);
    await Promise.resolve();
    paint();
    await new Promise((r) => setTimeout(r, 0));
    expect(task).not.toHaveBeenCalled();
    timing.report(picture(true));
    expect(task).not.toHaveBeenCalled();
    timing.report(img);
    expect(task).toHaveBeenCalledTimes(1);
    timing.report(img);
    expect(task).toHaveBeenCalledTimes(1);
    expect(timing.observing()).toBe(0);
  });

  it(`runs ${PAINT_REPORT_WAIT_MS} ms after the decode when no report comes`, async () => {
    fakeElementTiming();
    vi.useFakeTimers();
    const task = vi.fn();
    whenImagePainted(picture(true), task);
    await vi.advanceTimersByTimeAsync(PAINT_REPORT_WAIT_MS - 1);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('without Element Timing: after the decode and the next paint', async () => {
    const timing = fakeElementTiming();
    const paint = holdFrames();
    const task = vi.fn();
    whenImagePainted(picture(false), task);
    expect(timing.observing()).toBe(0);
    await Promise.resolve();
    await Promise.resolve();
    paint();
    await new Promise((r) => setTimeout(r, 0));
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('a cancelled wait never runs', async () => {
    const timing = fakeElementTiming();
    const img = picture(true);
    const task = vi.fn();
    whenImagePainted(img, task)();
    timing.report(img);
    await new Promise((r) => setTimeout(r, PAINT_REPORT_WAIT_MS + 20));
    expect(task).not.toHaveBeenCalled();
  });
});
