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
