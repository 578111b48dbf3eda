import { type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';

/** Horizontal travel (px) that makes a swipe, and how much straighter than vertical it must be. */
export const SWIPE_MIN_PX = 60;
const SWIPE_RATIO = 1.5;

/**
 * What a pointer gesture means for the reader: a swipe left is the next page (+1), right the
 * previous (-1); anything shorter or mostly vertical is not a page turn (null).
 */
export function swipeStep(dx: number, dy: number): 1 | -1 | null {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(dy) * SWIPE_RATIO) return null;
  return dx < 0 ? 1 : -1;
}

/** Pointer handlers that turn a horizontal swipe into a page step. */
export function useSwipe(onStep: (step: 1 | -1) => void) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  return {
    onPointerDown: (e: PointerEvent) => {
      start.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
    },
    onPointerUp: (e: PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== e.pointerId) return;
      const step = swipeStep(e.clientX - from.x, e.clientY - from.y);
      if (step) onStep(step);
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };
}

/** Whether the page is visible (the app in the foreground). */
export function useDocumentVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/**
 * Controls that fade while something plays and nobody touches the screen for `idleMs`. A touch
 * costs nothing unless the controls are faded (then they come back): no re-render per tap.
 */
export function useIdleFade(active: boolean, idleMs: number): { faded: boolean; touch(): void } {
  const lastTouch = useRef(Date.now());
  const [faded, setFaded] = useState(false);
  const fadedRef = useRef(faded);
  fadedRef.current = faded;
  useEffect(() => {
    if (!active) {
      setFaded(false);
      return;
    }
    const timer = setInterval(() => {
      if (Date.now() - lastTouch.current > idleMs) setFaded(true);
    }, 500);
    return () => clearInterval(timer);
  }, [active, idleMs]);
  const touch = useCallback(() => {
    lastTouch.current = Date.now();
    if (fadedRef.current) setFaded(false);
  }, []);
  return { faded: faded && active, touch };
}
