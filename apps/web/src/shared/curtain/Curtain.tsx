import { useTranslation } from 'react-i18next';
import mascot from '../ui/illustrations/mascot-welcome.svg';
import styles from './Curtain.module.css';
import { useCurtain } from './curtain';

/** The full-screen loading curtain that covers page transitions. */
export function Curtain() {
  const { t } = useTranslation();
  const { phase, entered, progress, hint } = useCurtain();
  if (phase === 0) return null;
  const className = [
    styles.root,
    phase === 1 && entered ? styles.entered : '',
    phase === 2 ? styles.covered : '',
    phase === 3 ? styles.leaving : '',
  ].join(' ');
  return (
    <div
      className={className}
      role="status"
      aria-live="polite"
      data-testid="curtain"
      data-phase={phase}
    >
      <img className={styles.mascot} src={mascot} alt="" />
      {phase === 2 && (
        <>
          <div className={styles.progress} aria-hidden="true">
            <div className={styles.bar} style={{ width: `${progress}%` }} />
          </div>
          <div className={styles.text}>
            {progress}% · {hint || t('curtain.hint')}
          </div>
        </>
      )}
    </div>
  );
}
