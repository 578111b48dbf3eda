import { useEffect, useState } from 'react';

/** The parts already drawn once since the app started. */
const drawnParts = new Set<string>();

/**
 * False on the app's first draw of `part`, true from the next task on; later draws are at once.
 * The first load draws its opening screen in a few shorter tasks (the shell, the page's frame,
 * its cards) instead of one long one, so a phone's main thread answers in between (decision
 * 111). Preact renders a tree in one go; this is the yield between its parts. With `isReady`
 * false the part waits for its turn (the wait's task is counted from when it is ready), e.g.
 * until what it follows is on screen.
 */
export function useDrawnAfterFirstTask(part: string, isReady = true): boolean {
  const [isDrawn, setDrawn] = useState(() => drawnParts.has(part));
  useEffect(() => {
    if (isDrawn || !isReady) return;
    drawnParts.add(part);
    const timer = setTimeout(() => setDrawn(true), 0);
    return () => clearTimeout(timer);
  }, [part, isDrawn, isReady]);
  return isDrawn;
}
