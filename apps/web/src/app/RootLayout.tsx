import { Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate, useNavigation, useNavigationType } from 'react-router';
import { GuestBlock } from '../features/auth/components/GuestBlock';
import { LoginLayerHost } from '../features/auth/components/LoginLayerHost';
import { ChildSetupFlow, LoginScreen } from '../features/auth/pages/lazy-login';
import { ShellBehaviours } from '../features/shell/components/ShellBehaviours';
import { UnsupportedAppDialog } from '../features/shell/components/UnsupportedAppDialog';
import { useHolidayTheme } from '../features/shell/holiday-theme';
import { installKeyboardStyle } from '../features/shell/keyboard';
import { track } from '../shared/analytics/pingback';
import { useBackgroundMusic } from '../shared/audio';
import { callNative, hasNativeBridge } from '../shared/bridge/bridge';
import { Curtain } from '../shared/curtain/Curtain';
import { curtain } from '../shared/curtain/curtain';
import type { CurtainNavState } from '../shared/navigation/app-navigate';
import { HOME_PATH, HOME_PATHS } from '../shared/navigation/home-paths';
import { useParentalMode } from '../shared/navigation/parental-mode';
import { ParentalGateHost } from '../shared/parental-gate';
import { afterNextPaint } from '../shared/platform/after-paint';
import { appEnv } from '../shared/platform/env';
import { afterLoadIdle } from '../shared/platform/idle';
import { isOffline } from '../shared/platform/network';
import { applyRootFont } from '../shared/platform/root-font';
import { hasQueuedRecordings } from '../shared/recorder/queued-flag';
import { useSession } from '../shared/session/session';
import { useSettings } from '../shared/settings/user-settings';
import { useStartup } from '../shared/startup/startup-store';
import { Toaster } from '../shared/toast/Toaster';
import styles from './RootLayout.module.css';
import { isPortraitPath } from './route-table';
import { RotateHint } from './screens/RotateHint';
import { Splash } from './screens/Splash';
import { OfflineScreen, TimeoutScreen } from './screens/StartupScreens';
import { UpdatingOverlay } from './screens/UpdatingOverlay';
import { checkVersion } from './startup/version-check';
import { useStudyTime } from './study-time/use-study-time';

/**
 * The shell around every route: startup (configs, then user info with a token), the login
 * guard, error screens, curtain, toasts, layout scaling, version checks and the navigation
 * rules of spec §2.
 */
export function RootLayout() {
  return (
    <>
      <ShellEffects />
      <StartupGate />
      <LoginLayerHost />
      <ParentalGateHost />
      <Curtain />
      <Toaster />
    </>
  );
}

function StartupGate() {
  const token = useSession((s) => s.token);
  const { configsState, userState, loadConfigs, loadUser, retryFailed } = useStartup();
  const navigate = useNavigate();

  useEffect(() => {
    if (useStartup.getState().configsState === 'initial') void loadConfigs();
  }, [loadConfigs]);

  useEffect(() => {
    const { userState: current } = useStartup.getState();
    if (token && current !== 'done' && current !== 'loading') void loadUser();
  }, [token, loadUser]);

  // Recordings scored on the device offline wait to be filed: the queue starts now (issue 37).
  useEffect(() => {
    if (!hasQueuedRecordings()) return;
    void import('../features/speech/device-setup').then((m) => m.installDeviceScoring());
  }, []);

  // Spec §4: when the connection returns, failed loads are retried.
  useEffect(() => {
    const handleOnline = () => void retryFailed();
    window.addEventListener('online', handleOnline);
    return () => window.removeEventListener('online', handleOnline);
  }, [retryFailed]);

  const userPending = token && (userState === 'initial' || userState === 'loading');
  if (configsState === 'initial' || configsState === 'loading' || userPending) return <Splash />;

  const userFailed = token && userState === 'error';
  if (configsState === 'error' || userFailed) {
    if (configsState === 'error' && isOffline()) {
      return <OfflineScreen onRetry={() => void retryFailed()} />;
    }
    return (
      <TimeoutScreen
        onRetry={() => void retryFailed()}
        onHome={() => {
          void navigate(HOME_PATH, { replace: true });
          void retryFailed();
        }}
      />
    );
  }
  if (!token)
    return (
      <Suspense fallback={<Splash />}>
        <LoginScreen />
      </Suspense>
    );
  return (
    <>
      <Outlet />
      <AccountSteps />
    </>
  );
}

/** Spec §2: in the app, the first setup ends on the native password-reset page with the phone. */
function openPasswordReset(phone: string) {
  if (appEnv().isApp && hasNativeBridge() && phone) void callNative('passwordReset', { phone });
}

/**
 * After login: the first-login child step when the account has no child yet, the guests' login
 * request on blocked paths, and the user's settings.
 */
function AccountSteps() {
  const user = useStartup((s) => s.user);
  const isPainted = usePaintedOnce();
  const hasConfigs = useStartup((s) => s.configs !== null);
  const userId = user?.id;
  useEffect(() => {
    if (userId !== undefined) void useSettings.getState().load();
  }, [userId]);
  // 「Wi‑Fi 下预先下载离线打分」 (issue 37): the device scorer's files on Wi‑Fi, once the first
  // load has gone idle; its code is loaded only then, and only with the setting on.
  const prefetchAllowed = useSettings(
    (s) => s.loadState === 'done' && s.values.speech_prefetch_wifi === 1,
  );
  useEffect(() => {
    if (!prefetchAllowed || userId === undefined) return;
    return afterLoadIdle(
      () => {
        // Offline there is nothing to download, and the chunk itself may not be kept yet; a
        // failed load is tried again at the next start.
        if (isOffline()) return;
        void import('../features/speech/prefetch')
          .then((m) => m.prefetchSpeechOnWifi())
          .catch(() => undefined);
      },
      { timeout: 5000, fallbackMs: 3000 },
    );
  }, [prefetchAllowed, userId]);
  if (!user || !hasConfigs) return null;
  if (user.children.length === 0)
    return (
      <Suspense fallback={null}>
        <ChildSetupFlow onDone={() => openPasswordReset(user.phone)} />
      </Suspense>
    );
  return (
    <>
      <GuestBlock />
      {isPainted && <ShellBehaviours />}
    </>
  );
}

/**
 * False until the frame after this component first painted. The shell's behaviours (popups,
 * habits, the eye shield's timer, the native shell's events) then start in a task of their own
 * instead of lengthening the one that draws the opening page (decision 106).
 */
function usePaintedOnce(): boolean {
  const [isPainted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => setPainted(true)), []);
  return isPainted;
}

/** The app's first version check is still to come (it waits for the page to load). */
let isFirstVersionCheck = true;

function ShellEffects() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const [isUpdating, setUpdating] = useState(false);
  const [isRotateDismissed, setRotateDismissed] = useState(false);
  const portrait = isPortraitPath(location.pathname);
  const bgmTracks = useStartup((s) => s.configs?.bgm);
  const isLoggedIn = useStartup((s) => s.user !== null);
  const isMusicOn = useSettings((s) => s.values.play_bgm) === 1;
  // Spec §4: the main areas play their track while logged in with music on; other paths stop it.
  useBackgroundMusic(location.pathname, { tracks: bgmTracks, enabled: isLoggedIn && isMusicOn });
  useHolidayTheme();
  // Decision 089: time on the learning screens counts in the parents' report.
  useStudyTime(location.pathname, isLoggedIn);
  useEffect(() => installKeyboardStyle({ isIos: appEnv().os === 'ios' }), []);

  // Layout: landscape child area, portrait parents' area; root font scaled to the viewport,
  // before the first paint (a page whose data is already in shows in its first commit).
  // main.tsx set it for the opening address already; the viewport's size is the one last known
  // (reading it here would lay the freshly rendered page out twice), a resize reads it anew.
  useLayoutEffect(() => {
    const area = portrait ? 'parents' : 'child';
    applyRootFont(area);
    const resized = () =>
      applyRootFont(area, { width: window.innerWidth, height: window.innerHeight });
    window.addEventListener('resize', resized);
    return () => window.removeEventListener('resize', resized);
  }, [portrait]);

  useEffect(() => {
    track('pv', { path: location.pathname });
    // Spec §2: going home quits parental mode.
    if (HOME_PATHS.includes(location.pathname)) useParentalMode.getState().quit();
    // Curtain navigations lower the curtain once the new page has rendered.
    if ((location.state as CurtainNavState | null)?.curtain)
      requestAnimationFrame(() => curtain.leave());
    if (navigationType === 'POP') {
      curtain.back();
      // Spec §2: a hash starting with ## on a back navigation is cleaned.
      if (location.hash.startsWith('##')) {
        void navigate(
          { pathname: location.pathname, search: location.search },
          { replace: true, state: location.state },
        );
      }
    }
    if (!import.meta.env.DEV) {
      const check = () =>
        void checkVersion({
          onOutdated: () => {
            setUpdating(true);
            setTimeout(() => window.location.reload(), 300);
          },
        });
      // The first check waits for the opening page to load and go idle (decision 111).
      if (isFirstVersionCheck) {
        isFirstVersionCheck = false;
        afterLoadIdle(check);
      } else check();
    }
  }, [location, navigationType, navigate]);

  return (
    <>
      {navigation.state === 'loading' && (
        <div className={styles.pageSpinner} role="progressbar" aria-label="loading" />
      )}
      {!portrait && !isRotateDismissed && <RotateHint onDismiss={() => setRotateDismissed(true)} />}
      {isUpdating && <UpdatingOverlay />}
      <UnsupportedAppDialog />
    </>
  );
}
