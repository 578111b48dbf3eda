import { create } from 'zustand';

interface ParentalModeState {
  active: boolean;
  /** When parental mode was last left (ms), for the re-entry lock delay. */
  leftAt: number;
  enter(): void;
  quit(): void;
}

/** Parental mode (the gate that opens it arrives with the accounts feature). */
export const useParentalMode = create<ParentalModeState>((set, get) => ({
  active: false,
  leftAt: 0,
  enter: () => set({ active: true }),
  quit: () => {
    if (get().active) set({ active: false, leftAt: Date.now() });
  },
}));
