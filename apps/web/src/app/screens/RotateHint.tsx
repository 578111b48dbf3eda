import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/Button';
import rotateArt from '../../shared/ui/illustrations/mascot-rotate.svg';
import styles from './RotateHint.module.css';

/** Phones and tablets held upright; desktop windows are left alone. */
const UPRIGHT = '(orientation: portrait) and (pointer: coarse)';

/**
 * The query is made and evaluated once, and its answer kept until it changes. A query made afresh
 * on every read (each render reads it three times) had the browser evaluate the viewport's media
 * features in the middle of the first render: half of that render's CPU (issue 41, decision 117).
 */
let query: MediaQueryList | null | undefined;
let isHeldUprightNow = false;
const listeners = new Set<() => void>();

function uprightQuery(): void {
  if (query !== undefined) return;
  query = typeof window.matchMedia === 'function' ? window.matchMedia(UPRIGHT) : null;
  isHeldUprightNow = query?.matches === true;
  query?.addEventListener('change', (event) => {
    isHeldUprightNow = event.matches;
    for (const changed of listeners) changed();
  });
}

const subscribe = (changed: () => void) => {
  uprightQuery();
  listeners.add(changed);
  return () => {
    listeners.delete(changed);
  };
};
const isUpright = () => {
  uprightQuery();
  return isHeldUprightNow;
};

/** Evaluates the query now (main.tsx: while the page is only the static splash, a cheap moment). */
export const primeUprightQuery = uprightQuery;

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
