import { useTranslation } from 'react-i18next';
import mascotOops from '../../../../../shared/ui/illustrations/mascot-oops.svg';
import styles from '../parts.module.css';

/**
 * 「再想想，再试一次！」 with its picture cue (the owl): shown after a wrong try, whose voice
 * useQuestions (or the part) says aloud (decision 099).
 */
export function TryAgain() {
  const { t } = useTranslation('studyPlan');
  return (
    <p className={styles.tryAgain} role="status" data-testid="try-again">
      <img src={mascotOops} alt="" />
      {t('player.tryAgain')}
    </p>
  );
}
