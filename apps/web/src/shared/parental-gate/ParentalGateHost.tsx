import { lazy, Suspense } from 'react';
import { withNamespaces } from '../i18n';
import { closeParentalGate, passParentalGate, useGateStore } from './gate-store';

type Gate = typeof import('./ParentalGate').ParentalGate;
let loadedGate: Gate | null = null;

/**
 * Fetches the gate's screen and its strings (once); afterwards the host shows it without
 * suspending.
 */
export function preloadParentalGate(): Promise<{ default: Gate }> {
  return withNamespaces(['gate'], import('./ParentalGate')).then((m) => {
    loadedGate = m.ParentalGate;
    return { default: m.ParentalGate };
  });
}

/** The gate's screen loads when first asked for: a child on /library never needs it. */
export const LazyParentalGate = lazy(preloadParentalGate);

export interface ParentalGateHostProps {
  /** Source of the target numbers (tests pass a fixed sequence). */
  random?: () => number;
}

/** Mounted once by the shell: shows the gate while a requestParentalMode() call waits on it. */
export function ParentalGateHost({ random }: ParentalGateHostProps) {
  const isOpen = useGateStore((state) => state.isOpen);
  if (!isOpen) return null;
  const Gate = loadedGate ?? LazyParentalGate;
  return (
    <Suspense fallback={null}>
      <Gate onPass={passParentalGate} onClose={closeParentalGate} random={random} />
    </Suspense>
  );
}
