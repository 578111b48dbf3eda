import { useTranslation } from 'react-i18next';
import welcomeArt from '../../shared/ui/illustrations/mascot-welcome.svg';
import { useRouteTitle } from '../layout/route-handle';
import styles from './PlaceholderPage.module.css';

/** Stand-in for a screen a later feature builds: its title and a friendly note. */
export default function PlaceholderPage() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  return (
    <section className={styles.page} data-testid="placeholder-page">
      <div className={styles.card}>
        <img className={styles.art} src={welcomeArt} alt="" />
        <div className={styles.text}>
          <h2 className={styles.title}>{title ? t(`routes.${title}`) : ''}</h2>
          <p className={styles.hint}>{t('screens.placeholderHint')}</p>
        </div>
      </div>
    </section>
  );
}
