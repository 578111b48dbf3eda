import { create } from 'zustand';

interface LoginLayerState {
  isOpen: boolean;
  /** What to continue with once logged in (spec §5: a login request with a callback). */
  onDone: (() => void) | null;
  onCancel: (() => void) | null;
  open(options?: { onDone?: () => void; onCancel?: () => void }): void;
  close(): void;
}

/** The login screen shown over a page, for a guest who logs in or signs up. */
export const useLoginLayer = create<LoginLayerState>((set) => ({
  isOpen: false,
  onDone: null,
  onCancel: null,
  open: (options) =>
    set({ isOpen: true, onDone: options?.onDone ?? null, onCancel: options?.onCancel ?? null }),
  close: () => set({ isOpen: false, onDone: null, onCancel: null }),
}));
