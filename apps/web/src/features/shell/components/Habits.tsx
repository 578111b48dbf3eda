import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadApp } from '../../../shared/bridge/native-actions';
import { appEnv } from '../../../shared/platform/env';
import { useStartup } from '../../../shared/startup/startup-store';
import { Button } from '../../../shared/ui/Button';
import { Dialog } from '../../../shared/ui/Dialog';
import {
  answerRating,
  DAILY_GOAL_MS,
  shouldAskRating,
  touchActiveDays,
  useDailyGoal,
} from '../habits';
import styles from './Shell.module.css';

/** The daily-goal notification: 6 seconds, then hidden and reset (§4). */
export function DailyGoalNotice() {
  const { t } = useTranslation('shell');
  const state = useDailyGoal((s) => s.state);
  useEffect(() => {
    if (state === 0) return;
    const timer = setTimeout(() => useDailyGoal.setState({ state: 0 }), DAILY_GOAL_MS);
    return () => clearTimeout(timer);
  }, [state]);
  if (state === 0) return null;
  return (
    <div className={styles.dailyGoal} role="status" data-testid="daily-goal">
      {t('dailyGoal')}
    </div>
  );
}

/** Active days on start; the market rating asked by the §9 rules (in the app). */
export function MarketRating() {
  const { t } = useTranslation('shell');
  const userId = useStartup((s) => s.user?.id);
  const [ask, setAsk] = useState<{ days: number } | null>(null);
  useEffect(() => {
    if (userId === undefined) return;
    const days = touchActiveDays(userId);
    if (shouldAskRating(userId, days) !== 0) setAsk({ days });
  }, [userId]);
  if (!ask || userId === undefined) return null;
  const answer = (action: 1 | 2 | 3) => {
    answerRating(userId, action, ask.days);
    setAsk(null);
    if (action === 1) void downloadApp(appEnv().channel);
  };
  return (
    <Dialog title={t('rating.title')} onClose={() => answer(3)} testId="market-rating">
      <p className={styles.popupText}>{t('rating.text')}</p>
      <div className={styles.popupActions} data-dialog-actions>
        <Button variant="secondary" onClick={() => answer(2)}>
          {t('rating.no')}
        </Button>
        <Button variant="secondary" onClick={() => answer(3)}>
          {t('rating.later')}
        </Button>
        <Button onClick={() => answer(1)}>{t('rating.yes')}</Button>
      </div>
    </Dialog>
  );
}
