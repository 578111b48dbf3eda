import { create } from 'zustand';

export type ToastKind = 'info' | 'success' | 'warning' | 'error' | 'loading';

/** Spec: toast default 2000 ms, transition 300 ms; loading has no automatic time-out. */
export const TOAST_DEFAULT_MS = 2000;
export const TOAST_TRANSITION_MS = 300;

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  leaving: boolean;
}

interface ToastState {
  toasts: Toast[];
  show(kind: ToastKind, message: string, durationMs?: number): () => void;
  dismiss(id: number): void;
}

let nextId = 1;

export const useToasts = create<ToastState>((set, get) => ({
  toasts: [],
  show(kind, message, durationMs) {
    const id = nextId++;
    // A repeated identical message replaces the visible one instead of stacking.
    const duplicate = get().toasts.find(
      (t) => t.message === message && t.kind === kind && !t.leaving,
    );
    if (duplicate) get().dismiss(duplicate.id);
    set((s) => ({ toasts: [...s.toasts.slice(-2), { id, kind, message, leaving: false }] }));
    const duration = durationMs ?? (kind === 'loading' ? 0 : TOAST_DEFAULT_MS);
    if (duration > 0) setTimeout(() => get().dismiss(id), duration);
    return () => get().dismiss(id);
  },
  dismiss(id) {
    const toast = get().toasts.find((t) => t.id === id);
    if (!toast || toast.leaving) return;
    set((s) => ({ toasts: s.toasts.map((t) => (t.id === id ? { ...t, leaving: true } : t)) }));
    setTimeout(
      () => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
      TOAST_TRANSITION_MS,
    );
  },
}));

/** Shows toasts from anywhere (request layer, stores, components). */
export const toast = {
  info: (message: string, ms?: number) => useToasts.getState().show('info', message, ms),
  success: (message: string, ms?: number) => useToasts.getState().show('success', message, ms),
  warning: (message: string, ms?: number) => useToasts.getState().show('warning', message, ms),
  error: (message: string, ms?: number) => useToasts.getState().show('error', message, ms),
  loading: (message: string) => useToasts.getState().show('loading', message, 0),
};
