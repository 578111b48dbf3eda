import { useSyncExternalStore } from 'react';
import { track } from '../analytics/pingback';
import { CurtainMachine, type CurtainSnapshot } from './curtain-machine';

/** The app's one curtain. */
export const curtain = new CurtainMachine(() => track('slow_curtain', undefined, 'warn'));

export function useCurtain(): CurtainSnapshot {
  return useSyncExternalStore(
    (listener) => curtain.subscribe(listener),
    () => curtain.state,
  );
}
