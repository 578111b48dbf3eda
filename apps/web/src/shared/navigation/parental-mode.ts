import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface ParentalModeState {
  active: boolean;
  /** When parental mode was last left (ms), for the re-entry lock delay. */
  leftAt: number;
  enter(): void;
  quit(): void;
}

/** Where the last leaving time is kept on the device. */
export const PARENTAL_MODE_STORAGE_KEY = 'picbook_parental_mode';

/**
 * Parental mode (entered through the parental gate). When it was last left is kept on the device,
 * so the gate's "60 秒内免验证" (parental_gate_lock_delay) also holds across a reload: leaving the
 * page while in parental mode counts as leaving parental mode at that moment.
 */
export const useParentalMode = create<ParentalModeState>()(
  persist(
    (set, get) => ({
      active: false,
      leftAt: 0,
      enter: () => set({ active: true }),
      quit: () => {
        if (get().active) set({ active: false, leftAt: Date.now() });
      },
    }),
    {
      name: PARENTAL_MODE_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ leftAt: state.leftAt }),
    },
  ),
);

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => useParentalMode.getState().quit());
}
