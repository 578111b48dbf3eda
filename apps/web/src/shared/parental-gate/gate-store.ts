import { DEFAULT_GATE_LOCK_DELAY_S, isGateRequired } from '@picbook/domain';
import { create } from 'zustand';
import { useParentalMode } from '../navigation/parental-mode';
import { appEnv } from '../platform/env';
import { useStartup } from '../startup/startup-store';

interface GateStoreState {
  /** Whether the gate dialog is shown (ParentalGateHost renders it). */
  isOpen: boolean;
}

/** Spec §4 parental gate: not shown → shown → passed (parental mode on) or closed. */
export const useGateStore = create<GateStoreState>(() => ({ isOpen: false }));

/** Everyone waiting on the open gate; concurrent requests share it. */
let waiting: Array<(passed: boolean) => void> = [];

function settle(passed: boolean): void {
  const resolvers = waiting;
  waiting = [];
  useGateStore.setState({ isOpen: false });
  for (const resolve of resolvers) resolve(passed);
}

export interface RequestParentalModeOptions {
  /** Strict iOS always asks; defaults to the detected environment. */
  isStrictIos?: boolean;
  /** parental_gate_lock_delay in seconds; defaults to DEFAULT_GATE_LOCK_DELAY_S (60). */
  lockDelayS?: number;
  /** Clock for the lock-delay check (ms since epoch); defaults to Date.now(). */
  now?: number;
}

/**
 * Enters parental mode, through the gate when it is required. Resolves true once parental mode is
 * on (at once when the gate is not required), false when the gate is closed.
 */
export function requestParentalMode(options: RequestParentalModeOptions = {}): Promise<boolean> {
  const {
    isStrictIos = appEnv().isStrictIos,
    lockDelayS = DEFAULT_GATE_LOCK_DELAY_S,
    now = Date.now(),
  } = options;
  const parental = useParentalMode.getState();
  const isDisabled = useStartup.getState().configs?.gray_options.parentalGateDisabled === 1;
  if (!isGateRequired({ isStrictIos, isDisabled, leftAt: parental.leftAt, lockDelayS, now })) {
    parental.enter();
    return Promise.resolve(true);
  }
  return new Promise<boolean>((resolve) => {
    waiting.push(resolve);
    if (!useGateStore.getState().isOpen) useGateStore.setState({ isOpen: true });
  });
}

/** The gate was passed: parental mode on, every waiting request resolves true. */
export function passParentalGate(): void {
  useParentalMode.getState().enter();
  settle(true);
}

/** The gate was closed: every waiting request resolves false. */
export function closeParentalGate(): void {
  settle(false);
}
