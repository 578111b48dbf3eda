import { useCallback } from 'react';
import { type NavigateOptions, type To, useLocation, useNavigate } from 'react-router';
import { curtain } from '../curtain/curtain';
import { HOME_PATH } from './home-paths';
import { returnPathFor } from './jump-table';

export interface AppNavigateOptions extends NavigateOptions {
  /** Play the loading curtain first and navigate once it covers the screen. */
  curtain?: boolean;
  curtainHint?: string;
  /** Work done while the curtain covers the screen (e.g. prefetching the next page's data). */
  prepare?: () => Promise<unknown>;
}

export interface CurtainNavState {
  curtain?: boolean;
}

/** Whether the current history entry has an in-app entry behind it (React Router keeps idx). */
export function hasInAppHistory(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/**
 * Navigation with the spec's extras: a curtain flag (curtain first, then navigate once
 * covered) and back navigation (one step back inside the app, otherwise replace with the
 * fallback: the screen's return-history slot, or the home path).
 */
export function useAppNavigate() {
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const go = useCallback(
    async (to: To, options: AppNavigateOptions = {}) => {
      const { curtain: withCurtain, curtainHint, prepare, ...rest } = options;
      if (!withCurtain) {
        void prepare?.().catch(() => undefined);
        await navigate(to, rest);
        return;
      }
      // A failed prepare is not fatal: the page loads (and reports) its own data.
      await Promise.all([curtain.enter(curtainHint), prepare?.().catch(() => undefined)]);
      const state = {
        ...(rest.state as object | undefined),
        curtain: true,
      } satisfies CurtainNavState;
      await navigate(to, { ...rest, state });
    },
    [navigate],
  );

  const back = useCallback(
    async (fallback?: string) => {
      if (hasInAppHistory()) await navigate(-1);
      else await navigate(fallback ?? returnPathFor(pathname) ?? HOME_PATH, { replace: true });
    },
    [navigate, pathname],
  );

  return { go, back };
}
