import { create } from 'zustand';

interface EyeShieldState {
  /** When the current stretch of use began (ms). */
  startedAt: number;
  restart(now?: number): void;
}

/** §4/§9 eye-shield timer: starts with the app, restarts after the rest screen or a 5-minute break. */
export const useEyeShield = create<EyeShieldState>((set) => ({
  startedAt: Date.now(),
  restart: (now = Date.now()) => set({ startedAt: now }),
}));
