import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/Button';
import rotateArt from '../../shared/ui/illustrations/mascot-rotate.svg';
import styles from './RotateHint.module.css';

/** Phones and tablets held upright; desktop windows are left alone. */
const UPRIGHT = '(orientation: portrait) and (pointer: coarse)';
const upright = () => window.matchMedia?.(UPRIGHT);
const subscribe = (changed: () => void) => {
  const query = upright();
  query?.addEventListener('change', changed);
  return () => query?.removeEventListener('change', changed);
};
const isUpright = () => upright()?.matches === true;

/**
 * The child area is landscape: a phone held upright is asked to turn (or may continue). Drawn
 * only while the device is held so: a phone held sideways neither renders it nor fetches its
 * picture on the first load (decision 106).
 */
export function RotateHint({ onDismiss }: { onDismiss(): void }) {
  const { t } = useTranslation();
  const isHeldUpright = useSyncExternalStore(subscribe, isUpright);
  if (!isHeldUpright) return null;
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
