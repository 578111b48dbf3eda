/**
 * Runs `task` once the next frame has been painted (a frame callback, then a task after it): for
 * work that must not hold back what the user waits to see, such as saving progress after a page
 * turn (decision 081). A hidden page paints no frames, so there it runs as a plain task.
 * Returns a function that cancels it if it has not run yet.
 */
export function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') {
    timer = setTimeout(task, 0);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** The Element Timing entry's element (not in TypeScript's DOM library yet). */
interface ElementTimingEntry extends PerformanceEntry {
  element: Element | null;
}

/** How long after its decode a picture's Element Timing entry is waited for at most. */
export const PAINT_REPORT_WAIT_MS = 500;

/**
 * Runs `task` once `img` is on screen. Where the browser reports the paint of an element that
 * carries an `elementtiming` attribute (Chromium's Element Timing), that report decides, since
 * a decoded picture reaches the screen a frame or more after the main thread painted it;
 * elsewhere its decode and the next paint. An image with no report PAINT_REPORT_WAIT_MS after
 * its decode (off screen, hidden) runs it then. Returns a function that cancels it.
 */
export function whenImagePainted(img: HTMLImageElement, task: () => void): () => void {
  let isDone = false;
  let observer: PerformanceObserver | undefined;
  let cancelPaint: (() => void) | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    isDone = true;
    observer?.disconnect();
    cancelPaint?.();
    clearTimeout(timer);
  };
  const finish = () => {
    if (isDone) return;
    cancel();
    task();
  };
  const reportsPaint =
    img.hasAttribute('elementtiming') &&
    typeof PerformanceObserver !== 'undefined' &&
    (PerformanceObserver.supportedEntryTypes ?? []).includes('element');
  if (reportsPaint) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((e) => (e as ElementTimingEntry).element === img)) finish();
    });
    observer.observe({ type: 'element', buffered: true });
  }
  const decoded = typeof img.decode === 'function' ? img.decode() : Promise.resolve();
  void decoded
    .catch(() => undefined)
    .then(() => {
      if (isDone) return;
      if (reportsPaint) timer = setTimeout(finish, PAINT_REPORT_WAIT_MS);
      else cancelPaint = afterNextPaint(finish);
    });
  return cancel;
}
