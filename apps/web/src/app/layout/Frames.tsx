import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { useAppNavigate } from '../../shared/navigation/app-navigate';
import { returnPathFor } from '../../shared/navigation/jump-table';
import { useParentalMode } from '../../shared/navigation/parental-mode';
import { requestParentalMode } from '../../shared/parental-gate';
import { useSettings } from '../../shared/settings/user-settings';
import { IconButton } from '../../shared/ui/IconButton';
import backIcon from '../../shared/ui/icons/back.svg';
import styles from './Frames.module.css';
import { useRouteTitle } from './route-handle';
import backgrounds from './TabBackgrounds.module.css';
import { tabOfPath } from './TabsLayout';

/** A full-screen landscape child page (reader, recorder, results...) with a back button. */
export function ChildPageFrame() {
  const { t } = useTranslation();
  const { back } = useAppNavigate();
  return (
    <div className={styles.childPage}>
      <IconButton
        className={styles.back}
        icon={backIcon}
        label={t('common.back')}
        onClick={() => back()}
      />
      <Outlet />
    </div>
  );
}

/** Book detail, lesson book and word preview sit on their tab's background (spec §2). */
export function TabBackgroundFrame() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { back } = useAppNavigate();
  const tab = tabOfPath(pathname);
  return (
    <div className={`${styles.tabBackground} ${backgrounds[tab]}`} data-area={tab}>
      <IconButton
        className={styles.back}
        icon={backIcon}
        label={t('common.back')}
        onClick={() => back(returnPathFor(pathname) ?? `/${tab}`)}
      />
      <Outlet />
    </div>
  );
}

/**
 * Parents' area and activities: portrait, calm, with a title bar. Reaching it outside parental
 * mode (a deep link, the back button) asks the parental gate first; closing it goes home.
 */
export function ParentsFrame() {
  const { go } = useAppNavigate();
  const isParental = useParentalMode((s) => s.active);
  const lockDelayS = useSettings((s) => s.values.parental_gate_lock_delay);
  useEffect(() => {
    if (isParental) return;
    void requestParentalMode({ lockDelayS }).then((passed) => {
      if (!passed) void go('/library', { replace: true });
    });
  }, [isParental, lockDelayS, go]);
  if (!isParental) return <div className={styles.parents} />;
  return <PortraitFrame area="parents" />;
}

/**
 * Activities (the lucky wheel, my prizes): portrait like the parents' area when the app can
 * rotate, but a child's page — bright, with a title and a back button, no parental gate.
 */
export function ActivityFrame() {
  return <PortraitFrame area="activity" />;
}

/**
 * The portrait page of the parents' area and of activities: back button, title, the route. These
 * pages scroll the window, so a page opened from further down another (开通会员 at the foot of
 * 家长中心) starts at its top; going back keeps where the browser was.
 */
function PortraitFrame({ area }: { area: 'parents' | 'activity' }) {
  const { t } = useTranslation();
  const title = useRouteTitle();
  const { back } = useAppNavigate();
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const shownPath = useRef('');
  useLayoutEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return (
    <div className={styles[area]} data-area={area}>
      <div className={styles.parentsInner}>
        <header className={area === 'parents' ? styles.parentsHeader : styles.activityHeader}>
          <IconButton
            className={styles.parentsBack}
            icon={backIcon}
            label={t('common.back')}
            onClick={() => back()}
          />
          <h1>{title ? t(`routes.${title}`) : ''}</h1>
          <span />
        </header>
        <main className={styles.parentsMain}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
