import { useTranslation } from 'react-i18next';
import mascot from '../../../shared/ui/illustrations/mascot-oops.svg';
import styles from '../Points.module.css';

/** Shell §6: no points mall on Xiaodu. */
export function PointsUnavailable() {
  const { t } = useTranslation('points');
  return (
    <div className={styles.empty} data-testid="points-unsupported">
      <img src={mascot} alt="" width={160} />
      <h2>{t('unsupported')}</h2>
      <p>{t('unsupportedHint')}</p>
    </div>
  );
}
