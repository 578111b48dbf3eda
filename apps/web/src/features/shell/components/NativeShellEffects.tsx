import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { create } from 'zustand';
import { hasNativeBridge } from '../../../shared/bridge/bridge';
import {
  backPress,
  goBack,
  idlePolicyFor,
  onBroadcast,
  QUIT_WINDOW_MS,
  setApp,
  webReady,
} from '../../../shared/bridge/native-actions';
import { i18n } from '../../../shared/i18n';
import { HOME_PATHS } from '../../../shared/navigation/home-paths';
import { appEnv } from '../../../shared/platform/env';
import { useSession } from '../../../shared/session/session';
import { useStartup } from '../../../shared/startup/startup-store';
import { toast } from '../../../shared/toast/toast-store';

/** The last mainWeb.action broadcast (§4): screens that care read it. */
export const useBroadcastAction = create<{ action: unknown }>(() => ({ action: null }));

let announced = false;

/**
 * The native side of the shell (§4, §7, §8): webReady once, setApp's idlePolicy per page, the
 * broadcast events, and the double-back quit at home.
 */
export function NativeShellEffects() {
  const { pathname } = useLocation();
  const lastBack = useRef<number | null>(null);
  const inApp = appEnv().isApp || hasNativeBridge();

  useEffect(() => {
    if (!inApp || announced) return;
    announced = true;
    void webReady();
  }, [inApp]);

  useEffect(() => {
    if (inApp) void setApp({ idlePolicy: idlePolicyFor(pathname) });
  }, [inApp, pathname]);

  useEffect(() => {
    const off = [
      onBroadcast('user.login', () => void useStartup.getState().reloadUser()),
      onBroadcast('user.logout', () => useSession.getState().logout()),
      // The page does not validate documents at run time (decision 003): it reloads its own.
      onBroadcast('user.info', () => void useStartup.getState().reloadUser()),
      onBroadcast('mainWeb.action', (data) => useBroadcastAction.setState({ action: data })),
      onBroadcast('test.openDialog', () => toast.info('test.openDialog')),
    ];
    return () => {
      for (const stop of off) stop();
    };
  }, []);

  useEffect(() => {
    if (!inApp) return;
    window.__picbookBack = () => {
      if (!HOME_PATHS.includes(window.location.pathname)) return false;
      const now = Date.now();
      if (backPress(lastBack.current, now) === 'quit') {
        void goBack({ quit: true });
        lastBack.current = null;
      } else {
        lastBack.current = now;
        toast.info(i18n.t('shell:quitAgain'), QUIT_WINDOW_MS);
      }
      return true;
    };
    return () => {
      window.__picbookBack = undefined;
    };
  }, [inApp]);

  return null;
}
