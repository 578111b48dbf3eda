import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/Button';
import rotateArt from '../../shared/ui/illustrations/mascot-rotate.svg';
import styles from './RotateHint.module.css';

/** The child area is landscape: a phone held upright is asked to turn (or may continue). */
export function RotateHint({ onDismiss }: { onDismiss(): void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.overlay} data-testid="rotate-hint">
      <img className={styles.art} src={rotateArt} alt="" />
      <h2 className={styles.title}>{t('screens.rotateTitle')}</h2>
      <p className={styles.hint}>{t('screens.rotateHint')}</p>
      <Button variant="secondary" size="small" onClick={onDismiss}>
        {t('screens.rotateContinue')}
      </Button>
    </div>
  );
}
