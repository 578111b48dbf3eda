/**
 * User Timing marks of the reader, read by the benchmark (scripts/bench): how long a page turn
 * takes to show the new picture, and how long a tap takes to start the narration. Marks are
 * cheap and invisible; nothing else depends on them.
 */
function mark(name: string): void {
  try {
    performance.mark(name);
  } catch {
    // Old WebViews without User Timing: nothing to measure.
  }
}

let turnPending = false;
let narrationPending = false;

export const readerMarks = {
  /** A page turn was asked for (tap, swipe, key or auto-advance). */
  turnRequested(): void {
    turnPending = true;
    mark('reader:turn');
  },
  /** The new page's picture is on screen (decoded and painted). */
  pictureShown(): void {
    if (!turnPending) return;
    turnPending = false;
    mark('reader:picture');
  },
  narrationRequested(): void {
    narrationPending = true;
    mark('reader:narration-request');
  },
  narrationStarted(): void {
    if (!narrationPending) return;
    narrationPending = false;
    mark('reader:narration-start');
  },
};
