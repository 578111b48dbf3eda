import { useCallback } from 'react';
import { type NavigateOptions, type To, useNavigate } from 'react-router';
import { curtain } from '../../shared/curtain/curtain';
import { HOME_PATH } from '../route-table';

export interface AppNavigateOptions extends NavigateOptions {
  /** Play the loading curtain first and navigate once it covers the screen. */
  curtain?: boolean;
  curtainHint?: string;
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
 * fallback or the home path).
 */
export function useAppNavigate() {
  const navigate = useNavigate();

  const go = useCallback(
    async (to: To, options: AppNavigateOptions = {}) => {
      const { curtain: withCurtain, curtainHint, ...rest } = options;
      if (!withCurtain) {
        await navigate(to, rest);
        return;
      }
      await curtain.enter(curtainHint);
      const state = {
        ...(rest.state as object | undefined),
        curtain: true,
      } satisfies CurtainNavState;
      await navigate(to, { ...rest, state });
    },
    [navigate],
  );

  const back = useCallback(
    async (fallback: string = HOME_PATH) => {
      if (hasInAppHistory()) await navigate(-1);
      else await navigate(fallback, { replace: true });
    },
    [navigate],
  );

  return { go, back };
}
