import { useSyncExternalStore } from 'react';

/** Whether the browser says it has no network (navigator.onLine false); online when unknown. */
export function isOffline(): boolean {
  return globalThis.navigator?.onLine === false;
}

/**
 * Null while online; offline, a promise that resolves when the browser reports the network back.
 * Work made offline (a recording's audio, progress) waits on it instead of failing.
 */
export function waitForNetwork(): Promise<void> | null {
  if (!isOffline() || typeof window === 'undefined') return null;
  return new Promise((resolve) =>
    window.addEventListener('online', () => resolve(), { once: true }),
  );
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** The browser's online state as React state. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => !isOffline(),
    () => true,
  );
}
