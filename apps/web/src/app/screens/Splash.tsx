import { useTranslation } from 'react-i18next';
import logo from '../../shared/ui/illustrations/logo-mark.svg';
import styles from './Splash.module.css';

/** Shown while configs and user info load at startup: never a blank screen. */
export function Splash() {
  const { t } = useTranslation();
  return (
    <div className={styles.splash} data-testid="splash" role="status">
      <img className={styles.logo} src={logo} alt={t('app.name')} />
      <div className={styles.text}>{t('startup.loading')}</div>
    </div>
  );
}
