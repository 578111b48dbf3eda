import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  closeWebScreen,
  isOpenablePath,
  openWebScreen,
  startupWebScreen,
  useWebScreen,
} from '../web-screen';
import styles from './Shell.module.css';

let startupChecked = false;

/** The in-app web screen in a browser: the page in a frame, with a top bar unless hidden. */
export function WebScreen() {
  const { t } = useTranslation('shell');
  const current = useWebScreen((s) => s.current);
  useEffect(() => {
    if (startupChecked) return;
    startupChecked = true;
    const request = startupWebScreen(window.location.search);
    if (request && isOpenablePath(request.path)) openWebScreen(request);
  }, []);
  if (!current || !isOpenablePath(current.path)) return null;
  return (
    <div
      className={`${styles.webScreen} ${current.present ? styles.webPresent : ''}`}
      data-orientation={current.orientation === 1 ? 'portrait' : 'landscape'}
      data-testid="web-screen"
    >
      {!current.hideTopBar && (
        <div className={styles.webBar}>
          {/^https?:/.test(current.path) && (
            <a
              className={styles.webOut}
              href={current.path}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('openInBrowser')}
            </a>
          )}
          <button
            type="button"
            className={styles.webClose}
            onClick={closeWebScreen}
            aria-label={t('close')}
          >
            ✕
          </button>
        </div>
      )}
      <iframe
        className={styles.webFrame}
        src={current.path}
        title="web"
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
      />
    </div>
  );
}
