import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAppNavigate } from '../../../app/navigation/app-navigate';
import { Button } from '../../../shared/ui/Button';
import mascot from '../../../shared/ui/illustrations/mascot-welcome.svg';
import styles from './Evaluating.module.css';

/** /evaluating/finished/:level — the recommended level, and on to the study plan there. */
export default function EvaluatingFinishedPage() {
  const { t } = useTranslation('reports');
  const level = Number(useParams().level) || 1;
  const { go } = useAppNavigate();
  return (
    <main className={styles.screen} data-testid="evaluating-finished" data-level={level}>
      <img src={mascot} alt="" style={{ height: '7rem' }} />
      <h1 className={styles.heading}>{t('eval.finishedTitle')}</h1>
      <div className={styles.level}>Level {level}</div>
      <p className={styles.hint}>{t('eval.finishedLevel', { level })}</p>
      <p className={styles.hint}>{t('eval.finishedHint')}</p>
      <div className={styles.row}>
        <Button size="large" onClick={() => void go('/planning')}>
          {t('eval.startLearning')}
        </Button>
        <Button size="large" variant="secondary" onClick={() => void go('/levelExplain')}>
          {t('eval.levelExplain')}
        </Button>
      </div>
    </main>
  );
}
