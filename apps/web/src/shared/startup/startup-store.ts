import type { TConfigs, TUserInfo } from '@picbook/contracts';
import { ErrorCode } from '@picbook/contracts/errors';
import { create } from 'zustand';
import { i18n } from '../i18n';
import { api } from '../request/api';
import { isRequestError } from '../request/request-error';
import { useSession } from '../session/session';
import { toast } from '../toast/toast-store';

/** Spec §4: data loading states; user info adds invalid (not logged in) and cleared. */
export type LoadState = 'initial' | 'loading' | 'done' | 'error';
export type UserLoadState = LoadState | 'invalid' | 'cleared';

/** Spec §9: user info refresh throttled to once per 10 seconds. */
export const USER_REFRESH_THROTTLE_MS = 10_000;

interface StartupState {
  configs: TConfigs | null;
  configsState: LoadState;
  user: TUserInfo | null;
  userState: UserLoadState;
  userLoadedAt: number;
  loadConfigs(): Promise<void>;
  loadUser(): Promise<void>;
  /** Refreshes user info at most every 10 s; failures keep what is shown. */
  refreshUser(): Promise<void>;
  setUser(user: TUserInfo): void;
  /** Reloads user info now (after the user changed it, e.g. saved the child). */
  reloadUser(): Promise<void>;
  clearUser(): void;
  /** Reloads only what failed (configs, user info). */
  retryFailed(): Promise<void>;
}

export const useStartup = create<StartupState>((set, get) => ({
  configs: null,
  configsState: 'initial',
  user: null,
  userState: 'initial',
  userLoadedAt: 0,

  async loadConfigs() {
    if (get().configsState === 'loading') return;
    set({ configsState: 'loading' });
    try {
      const configs = await api('configs', undefined, { silent: true });
      set({ configs, configsState: 'done' });
    } catch {
      set({ configsState: 'error' });
    }
  },

  async loadUser() {
    if (!useSession.getState().token) {
      set({ user: null, userState: 'invalid' });
      return;
    }
    if (get().userState === 'loading') return;
    set({ userState: 'loading' });
    try {
      const user = await api('userInfo', { query: { type: 20 } }, { silent: true });
      set({ user, userState: 'done', userLoadedAt: Date.now() });
    } catch (error) {
      if (isRequestError(error) && (error.status === 401 || error.code === ErrorCode.NotLoggedIn)) {
        // 10008 or 401: ask to log in; the login screen takes over.
        toast.info(i18n.t('request.pleaseLogin'));
        useSession.getState().logout();
        set({ user: null, userState: 'invalid' });
      } else {
        set({ userState: 'error' });
      }
    }
  },

  async refreshUser() {
    const { userLoadedAt, userState } = get();
    if (userState !== 'done' || Date.now() - userLoadedAt < USER_REFRESH_THROTTLE_MS) return;
    try {
      const user = await api('userInfo', { query: { type: 20 } }, { silent: true });
      set({ user, userLoadedAt: Date.now() });
    } catch {
      // Keep showing the last known user; a 401 has already logged out.
    }
  },

  async reloadUser() {
    const user = await api('userInfo', { query: { type: 20 } });
    set({ user, userState: 'done', userLoadedAt: Date.now() });
  },

  setUser(user) {
    set({ user, userState: 'done', userLoadedAt: Date.now() });
  },

  clearUser() {
    set({ user: null, userState: 'cleared' });
  },

  async retryFailed() {
    const { configsState, userState } = get();
    await Promise.all([
      configsState === 'error' ? get().loadConfigs() : undefined,
      userState === 'error' ? get().loadUser() : undefined,
    ]);
  },
}));

// Logging out (a 401 anywhere, or the user) clears user info.
useSession.subscribe((state, previous) => {
  if (previous.token && !state.token) useStartup.getState().clearUser();
});
