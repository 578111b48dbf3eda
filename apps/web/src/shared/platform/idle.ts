import { useEffect, useState } from 'react';

/**
 * Runs `callback` once the document has loaded and the browser is idle (at the latest `timeout`
 * ms after the load), for first-load work nobody waits for: the background music's file, the
 * first version check, the first analytics batch (issue 41, decision 111). On the first load they
 * would only compete with the page for the network and the main thread. `timeout`: the idle
 * callback's deadline; `fallbackMs`: the pause after the load where there are no idle callbacks
 * (Safari). Answers a cancel.
 */
export function afterLoadIdle(
  callback: () => void,
  { timeout = 2000, fallbackMs = 0 }: { timeout?: number; fallbackMs?: number } = {},
): () => void {
  let live = true;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const whenIdle = () => {
    if (!live) return;
    if (typeof window.requestIdleCallback === 'function') {
      idle = window.requestIdleCallback(() => live && callback(), { timeout });
    } else {
      // No idle callbacks (Safari): `fallbackMs` after the load instead.
      timer = setTimeout(() => live && callback(), fallbackMs);
    }
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    live = false;
    window.removeEventListener('load', whenIdle);
    if (idle !== undefined) window.cancelIdleCallback?.(idle);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/** Whether the app's first load has gone idle once (then later screens need not wait). */
let hasGoneIdle = false;

/**
 * False until the first load has gone idle (afterLoadIdle), then true: a screen's request that
 * can wait (a badge's count) goes out after the page's own (decision 111).
 */
export function useAfterLoadIdle(): boolean {
  const [isIdle, setIdle] = useState(hasGoneIdle);
  useEffect(() => {
    if (isIdle) return;
    return afterLoadIdle(() => {
      hasGoneIdle = true;
      setIdle(true);
    });
  }, [isIdle]);
  return isIdle;
}
