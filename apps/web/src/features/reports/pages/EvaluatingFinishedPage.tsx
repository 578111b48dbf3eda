import type { TGradingResult } from '@picbook/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { useAppNavigate } from '../../../shared/navigation/app-navigate';
import { requestParentalMode } from '../../../shared/parental-gate';
import { storage } from '../../../shared/platform/storage';
import { initialLevel, LEARNING_LEVEL_KEY } from '../../../shared/settings/learning-level';
import { useStartup } from '../../../shared/startup/startup-store';
import { Button } from '../../../shared/ui/Button';
import mascot from '../../../shared/ui/illustrations/mascot-welcome.svg';
import { switchLevel } from '../level-switch';
import styles from './Evaluating.module.css';

type Decision = 'same' | 'ask' | 'switched' | 'kept';

/** The test's result passed by /evaluating (absent when the page is opened by its address). */
function resultOf(state: unknown): TGradingResult | null {
  const r = state as TGradingResult | null;
  return r && typeof r.level === 'number' && Array.isArray(r.by_level) ? r : null;
}

/**
 * /evaluating/finished/:level — the recommended level with its evidence (how many right, at
 * which level; the words known), and the parent's choice (decision 095): switch the study plan
 * and the library to it (behind the parental gate), or keep the level the child is on. Nothing
 * switches unasked; the earlier level's plan and progress stay a level tab away.
 */
export default function EvaluatingFinishedPage() {
  const { t } = useTranslation('reports');
  const level = Number(useParams().level) || 1;
  const result = resultOf(useLocation().state);
  const userLevel = useStartup((s) => s.user?.level);
  // The level the plan shows now (the learning tab's), kept as it was when the page opened.
  const [current] = useState(() =>
    initialLevel(result?.current_level ?? userLevel, storage.get(LEARNING_LEVEL_KEY)),
  );
  const [decision, setDecision] = useState<Decision>(level === current ? 'same' : 'ask');
  const [busy, setBusy] = useState(false);
  const { go } = useAppNavigate();

  const confirm = async () => {
    if (!(await requestParentalMode())) return;
    setBusy(true);
    try {
      await switchLevel(level);
      setDecision('switched');
    } catch {
      // The request layer shows the server's message; the level stays as it was.
    } finally {
      setBusy(false);
    }
  };

  const message = {
    same: t('eval.sameLevel', { level }),
    ask: t('eval.askSwitch', { level, current }),
    switched: t('eval.switched', { level, from: current }),
    kept: t('eval.kept', { level: current }),
  }[decision];

  return (
    <main
      className={`${styles.screen} ${styles.finished}`}
      data-testid="evaluating-finished"
      data-level={level}
      data-decision={decision}
    >
      <section className={styles.verdict}>
        <img className={styles.mascot} src={mascot} alt="" />
        <h1 className={styles.heading}>{t('eval.finishedTitle')}</h1>
        <div className={styles.level}>Level {level}</div>
        <p className={styles.hint}>{t('eval.finishedLevel', { level })}</p>
      </section>
      <section className={styles.side}>
        {result && (
          <div className={styles.evidence} data-testid="eval-evidence">
            <h2 className={styles.evidenceTitle}>
              {t('eval.evidenceTitle')}
              <span data-testid="eval-right">
                {t('eval.evidenceTotal', { right: result.quiz_right, total: result.quiz_total })}
              </span>
            </h2>
            <ul className={styles.evidenceRows}>
              {[...result.by_level].reverse().map((row) => (
                <li key={row.level} data-testid="eval-level-row" data-level={row.level}>
                  <span className={styles.rowLevel}>Level {row.level}</span>
                  <span className={styles.dots} aria-hidden="true">
                    <b className={styles.dotRight}>{'●'.repeat(row.right)}</b>
                    <b className={styles.dotWrong}>{'○'.repeat(row.total - row.right)}</b>
                  </span>
                  <span>{t('eval.evidenceRow', { right: row.right, total: row.total })}</span>
                </li>
              ))}
            </ul>
            <p className={styles.hint}>
              {t('eval.evidenceWords', { known: result.words_known, shown: result.words_shown })}
            </p>
          </div>
        )}
        <p className={styles.decision} data-testid="eval-decision">
          {message}
        </p>
        <div className={styles.row}>
          {decision === 'ask' ? (
            <>
              <Button
                size="large"
                disabled={busy}
                onClick={() => void confirm()}
                data-testid="eval-switch"
              >
                {t('eval.confirmSwitch', { level })}
              </Button>
              <Button
                size="large"
                variant="secondary"
                disabled={busy}
                onClick={() => setDecision('kept')}
                data-testid="eval-keep"
              >
                {t('eval.keepLevel', { level: current })}
              </Button>
            </>
          ) : (
            <>
              <Button size="large" onClick={() => void go('/planning')} data-testid="eval-learn">
                {t('eval.startLearning')}
              </Button>
              <Button variant="ghost" onClick={() => void go('/levelExplain')}>
                {t('eval.levelExplain')}
              </Button>
            </>
          )}
        </div>
      </section>
    </main>
  );
}
