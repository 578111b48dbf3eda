import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSpokenFeedback } from '../../../shared/audio/spoken-feedback';
import { LazyParentalGate } from '../../../shared/parental-gate';
import { useSettings } from '../../../shared/settings/user-settings';
import { Button } from '../../../shared/ui/Button';
import mascot from '../../../shared/ui/illustrations/mascot-slow.svg';
import styles from './Shell.module.css';

/**
 * §4/§5 eye shield: after eye_shield minutes of use, a rest screen over home. A parent unlocks it
 * with its own parental gate (always asked, and parental mode stays off: the child cannot walk on
 * into the parents' area); closing restarts the timer. The rest is asked aloud too, beside the
 * resting owl.
 */
export function EyeShieldScreen({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('shell');
  const minutes = useSettings((s) => s.values.eye_shield);
  const [isGateOpen, setGateOpen] = useState(false);
  // Said aloud in the owl's voice: the child may not read it yet (decision 099).
  useSpokenFeedback('eye_rest');
  return (
    <div
      className={styles.eyeShield}
      role="alertdialog"
      aria-labelledby="eye-shield-title"
      data-testid="eye-shield"
    >
      <div className={styles.eyeCard}>
        <img className={styles.eyeArt} src={mascot} alt="" />
        <div className={styles.eyeContent}>
          <h2 id="eye-shield-title" className={styles.eyeTitle}>
            {t('eye.title')}
          </h2>
          <p className={styles.eyeText}>{t('eye.text', { n: minutes })}</p>
          <p className={styles.eyeTip}>{t('eye.tip')}</p>
          <Button size="large" variant="grass" onClick={() => setGateOpen(true)}>
            {t('eye.unlock')}
          </Button>
        </div>
      </div>
      {isGateOpen && (
        <Suspense fallback={null}>
          <LazyParentalGate onPass={onDone} onClose={() => setGateOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
