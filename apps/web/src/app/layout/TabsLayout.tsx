import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { HomeEntrances } from '../../features/shell/components/Entrances';
import { useDrawnAfterFirstTask } from '../../shared/platform/first-draw';
import learningIcon from '../../shared/ui/icons/tab-learning.svg';
import libraryIcon from '../../shared/ui/icons/tab-library.svg';
import wordsIcon from '../../shared/ui/icons/tab-words.svg';
import { ChildTopBar } from './ChildTopBar';
import backgrounds from './TabBackgrounds.module.css';
import styles from './TabsLayout.module.css';

const TABS = [
  { key: 'library', to: '/library', icon: libraryIcon },
  { key: 'learning', to: '/learning', icon: learningIcon },
  { key: 'words', to: '/words', icon: wordsIcon },
] as const;

export type TabKey = (typeof TABS)[number]['key'];

export function tabOfPath(pathname: string): TabKey {
  return (
    TABS.find((tab) => pathname === tab.to || pathname.startsWith(`${tab.to}/`))?.key ?? 'library'
  );
}

/** The child's home: three big tabs, the top bar, and the per-tab background. */
export function TabsLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const tab = tabOfPath(pathname);
  // The first load draws the shell's frame and rail in one task, the top bar in the next and the
  // tab's page in the one after (the top row's height is fixed: nothing moves when it comes).
  const isTopDrawn = useDrawnAfterFirstTask('tabs-top');
  const isPageDrawn = useDrawnAfterFirstTask('tabs-page');
  return (
    <div className={`${styles.shell} ${backgrounds[tab]}`} data-area={tab}>
      <nav className={styles.rail} aria-label={t('app.name')}>
        {TABS.map((item) => (
          <NavLink
            key={item.key}
            to={item.to}
            replace
            className={({ isActive }) => `${styles.tab} ${isActive ? styles.active : ''}`}
          >
            <img src={item.icon} alt="" />
            <span>{t(`tabs.${item.key}`)}</span>
          </NavLink>
        ))}
      </nav>
      <div className={styles.top}>
        {isTopDrawn && (
          <>
            <ChildTopBar />
            <HomeEntrances />
          </>
        )}
      </div>
      <main className={styles.main}>{isPageDrawn && <Outlet />}</main>
    </div>
  );
}
