import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useJump } from '../../../shared/navigation/jump';
import { api } from '../../../shared/request/api';
import { Button } from '../../../shared/ui/Button';
import coinIcon from '../../../shared/ui/icons/coin.svg';
import diamondIcon from '../../../shared/ui/icons/diamond.svg';
import oops from '../../../shared/ui/illustrations/mascot-oops.svg';
import mascot from '../../../shared/ui/illustrations/mascot-welcome.svg';
import { StateScreen } from '../../../shared/ui/StateScreen';
import { useCountUp } from '../../../shared/ui/use-count-up';
import { RewardChest } from '../components/RewardChest';
import { Stars } from '../components/Stars';
import { courseJump } from '../plan-helpers';
import { planKeys, useClaimReward } from '../study-plan-queries';
import styles from './FinishPage.module.css';

/**
 * /learning/finish/:level/:world/:stage/:subPath/:subStage — after a course: its stars and score,
 * the coins and diamonds the server paid for it (counting up), the day's reward when the day is
 * done, and the way on (the next course, or back to the day).
 */
export default function FinishPage() {
  const { t } = useTranslation('studyPlan');
  const p = useParams();
  const q = {
    level: Number(p.level) || 1,
    world: Number(p.world) || 1,
    stage: Number(p.stage) || 1,
    sub_path: Number(p.subPath) || 1,
    sub_stage: Number(p.subStage) || 1,
  };
  const jump = useJump();
  const claim = useClaimReward(q.level);
  const info = useQuery({
    queryKey: planKeys.finish(JSON.stringify(q)),
    queryFn: () => api('stageFinishInfo', { query: q }),
  });
  const data = info.data;
  const coins = useCountUp(data?.last?.coins ?? 0);
  const diamonds = useCountUp(data?.last?.diamonds ?? 0);
  const toDay = () =>
    jump(
      'planningDaily',
      { level: q.level, week: q.world, day: q.stage },
      { replace: true, needBackPath: false },
    );

  if (info.isError || (data && !data.last)) {
    return (
      <StateScreen
        art={oops}
        title={t('finish.failed')}
        testId="learning-finish-error"
        actions={<Button onClick={toDay}>{t('finish.toDay')}</Button>}
      />
    );
  }
  const last = data?.last;
  return (
    <div
      className={styles.page}
      data-testid="learning-finish"
      data-state={data ? 'done' : 'pending'}
    >
      <img className={styles.mascot} src={mascot} alt="" />
      <div className={styles.card}>
        <h1>{t('finish.title')}</h1>
        {!data || !last ? (
          <p>{t('finish.loading')}</p>
        ) : (
          <>
            <Stars n={last.stars} size="large" />
            <p className={styles.score} data-testid="learning-finish-score">
              {t('finish.score', { score: last.score })}
            </p>
            {last.reward_state === 'paid' ? (
              <div className={styles.paid}>
                <span>{t('finish.paid')}</span>
                <span className={styles.amount} data-testid="learning-finish-coins">
                  <img src={coinIcon} alt={t('finish.coins')} />+{coins}
                </span>
                <span className={styles.amount} data-testid="learning-finish-diamonds">
                  <img src={diamondIcon} alt={t('finish.diamonds')} />+{diamonds}
                </span>
              </div>
            ) : (
              <p className={styles.note} data-testid="learning-finish-note">
                {t(last.reward_state === 'not_earned' ? 'finish.notEarned' : 'finish.nothingNew')}
              </p>
            )}
            <p className={styles.note}>
              {t('finish.balance', {
                coins: data.balances.coins,
                diamonds: data.balances.diamonds,
              })}
            </p>
            {data.stage.status === 2 && <p className={styles.dayDone}>{t('finish.dayDone')}</p>}
            {data.stage.reward.status !== 0 && (
              <RewardChest
                reward={data.stage.reward}
                label={t('dayRewardClaim')}
                isPending={claim.isPending}
                onClaim={() =>
                  claim.mutate(
                    { week: q.world, stage: q.stage },
                    { onSuccess: () => void info.refetch() },
                  )
                }
                testId="finish-day-reward"
              />
            )}
            <div className={styles.actions}>
              <Button variant="secondary" size="large" onClick={toDay} data-testid="finish-to-day">
                {t('finish.toDay')}
              </Button>
              {data.next && (
                <Button
                  size="large"
                  variant="grass"
                  onClick={() => {
                    const next = data.next;
                    if (next)
                      void jump(...courseJump(next), {
                        replace: true,
                        search: { ref: 'planning' },
                      });
                  }}
                  data-testid="finish-next"
                >
                  {t('finish.next')}
                </Button>
              )}
            </div>
          </>
        )}
      </div>
    </div>
  );
}
