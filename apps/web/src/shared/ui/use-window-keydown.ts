import { useLayoutEffect, useRef } from 'react';

/**
 * Calls `handler` for every keydown on the window while the component is mounted, always the
 * handler of the latest render. The listener is registered once, when the component appears,
 * and reads the handler through a ref: a key pressed right after a render that changed what the
 * handler sees (a letter just typed) reaches the new handler, whatever the renderer's effect
 * timing (Preact runs effects only after the next frame, decision 080). `undefined`: keys are
 * ignored.
 */
export function useWindowKeydown(handler: ((e: KeyboardEvent) => void) | undefined): void {
  const latest = useRef(handler);
  latest.current = handler;
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => latest.current?.(e);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
