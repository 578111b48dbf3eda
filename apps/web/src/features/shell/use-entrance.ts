import type { TEntranceItem } from '@picbook/contracts';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { callNative } from '../../shared/bridge/bridge';
import { requestParentalMode } from '../../shared/parental-gate';
import { appEnv } from '../../shared/platform/env';
import { useLoginLayer } from '../../shared/session/login-layer';
import { useSettings } from '../../shared/settings/user-settings';
import { useStartup } from '../../shared/startup/startup-store';
import { useActivityData } from './activity-store';
import { type EntranceDeps, runEntrance } from './entrance';
import { findPopup, openPopup } from './popup-store';
import { openWebScreen } from './web-screen';

/** Entrance action 2: a popup by id (§4). Guests never get the official accounts or read camp. */
export function showPopupById(id: number, isGuest: boolean): boolean {
  if (id === -1 || id === -2) {
    if (isGuest) return false;
    openPopup(
      id === -2
        ? { kind: 'readCamp', popupId: -2, point: null }
        : { kind: 'activity', popupId: -1, point: null },
    );
    return true;
  }
  const target = id === 0 ? (useActivityData.getState().data?.act_popups[0] ?? null) : id;
  if (target === null || (target > 0 && !findPopup(target))) return false;
  if (target < 0) return showPopupById(target, isGuest);
  openPopup({ kind: 'activity', popupId: target, point: null });
  return true;
}

/** Runs entrance items with the app's navigation, gate, login layer and bridge. */
export function useEntrance(): (item: TEntranceItem) => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    (item: TEntranceItem) => {
      const isGuest = useStartup.getState().user?.is_guest ?? true;
      const deps: EntranceDeps = {
        env: appEnv(),
        isGuest,
        isTablet: Math.min(window.innerWidth, window.innerHeight) >= 600,
        currentPath: pathname,
        navigate: (path) => navigate(path),
        requestParental: () =>
          requestParentalMode({
            lockDelayS: useSettings.getState().values.parental_gate_lock_delay,
          }),
        requestLogin: () => useLoginLayer.getState().open(),
        showPopup: (id) => showPopupById(id, isGuest),
        callNative,
        openWebScreen,
        now: () => Date.now(),
      };
      void runEntrance(item, deps);
    },
    [navigate, pathname],
  );
}
