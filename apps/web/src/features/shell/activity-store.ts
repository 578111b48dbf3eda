import type { TActivityData } from '@picbook/contracts';
import { ACTIVITY_REFRESH_MS } from '@picbook/domain';
import { create } from 'zustand';
import { api } from '../../shared/request/api';

interface ActivityState {
  data: TActivityData | null;
  state: 'initial' | 'loading' | 'done' | 'error';
  loadedAt: number;
  /**
   * Loads the activity data; at most every 30 s (§9) unless forced (a cold resume). A call while
   * a load is under way waits for it (startup starts one before the popup points ask).
   */
  refresh(options?: { force?: boolean; now?: number }): Promise<void>;
}

let loading: Promise<void> | null = null;

/** §4 activity data: loaded at start-up, refreshed with the 30 s throttle and on resume. */
export const useActivityData = create<ActivityState>((set, get) => ({
  data: null,
  state: 'initial',
  loadedAt: 0,
  async refresh({ force = false, now = Date.now() } = {}) {
    const { state, loadedAt } = get();
    if (state === 'loading') return loading ?? undefined;
    if (!force && state === 'done' && now - loadedAt < ACTIVITY_REFRESH_MS) return;
    set({ state: 'loading' });
    loading = (async () => {
      try {
        const data = await api('activityData', undefined, { silent: true });
        set({ data, state: 'done', loadedAt: now });
      } catch {
        set({ state: 'error' });
      } finally {
        loading = null;
      }
    })();
    return loading;
  },
}));
