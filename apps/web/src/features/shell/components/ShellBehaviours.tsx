import { chinaDay, eyeShieldDue, onResume } from '@picbook/domain';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { HOME_PATH, HOME_PATHS } from '../../../shared/navigation/home-paths';
import { useSettings } from '../../../shared/settings/user-settings';
import { useStartup } from '../../../shared/startup/startup-store';
import { useActivityData } from '../activity-store';
import { useEyeShield } from '../eye-shield';
import { noteDailyGoal } from '../habits';
import { popupPointFor } from '../popup-points';
import { triggerPopup, usePopups } from '../popup-store';
import { DailyGoalNotice, MarketRating } from './Habits';
import { NativeShellEffects } from './NativeShellEffects';
import { PopupHost } from './PopupHost';
import { WebScreen } from './WebScreen';

const dayOf = (ms: number) => chinaDay(Math.floor(ms / 1000));

/**
 * The shell's living parts once a user with a child is in (§4): activity data, the popup points
 * on navigation, the eye-shield timer at home, and the foreground / background rules.
 */
export function ShellBehaviours() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const previous = useRef<string | null>(null);
  const isFirst = useRef(true);
  const settingsState = useSettings((s) => s.loadState);

  // Popup points: decided on each navigation, once settings (eye_shield) and activity are in.
  useEffect(() => {
    if (settingsState === 'loading' || settingsState === 'initial') return;
    const point = popupPointFor(isFirst.current ? null : previous.current, pathname);
    isFirst.current = false;
    previous.current = pathname;
    if (!point) return;
    const userId = useStartup.getState().user?.id;
    if (userId !== undefined) noteDailyGoal(userId, point);
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void useActivityData
      .getState()
      .refresh()
      .then(() => {
        // The choice and the popup's render in a task of their own, not in the one that
        // mounted the shell's behaviours (decision 111).
        if (!cancelled) timer = setTimeout(() => triggerPopup(point), 0);
      });
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [pathname, settingsState]);

  // Eye shield at home: when the configured minutes pass while home is showing.
  const startedAt = useEyeShield((s) => s.startedAt);
  const minutes = useSettings((s) => s.values.eye_shield);
  const hasPopup = usePopups((s) => s.current !== null);
  const atHome = HOME_PATHS.includes(pathname);
  useEffect(() => {
    if (!atHome || hasPopup || minutes <= 0) return;
    const check = () => {
      const elapsedSeconds = (Date.now() - useEyeShield.getState().startedAt) / 1000;
      if (eyeShieldDue('home', { elapsedSeconds, minutes })) triggerPopup('home');
    };
    const dueIn = startedAt + minutes * 60_000 - Date.now() + 1000;
    const timer = setTimeout(check, Math.max(dueIn, 1000));
    return () => clearTimeout(timer);
  }, [atHome, hasPopup, minutes, startedAt]);

  // §4 background and foreground.
  useEffect(() => {
    let hiddenAt: number | null = null;
    const handle = () => {
      const now = Date.now();
      if (document.visibilityState === 'hidden') {
        hiddenAt = now;
        return;
      }
      if (hiddenAt === null) return;
      const decision = onResume(hiddenAt, now, dayOf);
      hiddenAt = null;
      if (decision.restartEyeShield) useEyeShield.getState().restart(now);
      if (decision.coldBootToHome) {
        usePopups.setState({ current: null });
        isFirst.current = true;
        void useActivityData.getState().refresh({ force: true });
        void navigate(HOME_PATH, { replace: true, state: { coldBootToHome: true } });
      }
    };
    document.addEventListener('visibilitychange', handle);
    return () => document.removeEventListener('visibilitychange', handle);
  }, [navigate]);

  return (
    <>
      <SchedulerMark />
      <NativeShellEffects />
      <DailyGoalNotice />
      <MarketRating />
      <PopupHost />
      <WebScreen />
    </>
  );
}

/** The scheduler's last decision as data attributes (journeys wait on it instead of on time). */
function SchedulerMark() {
  const last = usePopups((s) => s.last);
  return (
    <span
      hidden
      data-testid="popup-scheduler"
      data-point={last?.point ?? ''}
      data-choice={last?.choice ?? ''}
      data-seq={last?.seq ?? 0}
    />
  );
}
