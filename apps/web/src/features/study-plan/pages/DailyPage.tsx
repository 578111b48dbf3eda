import type { TPlanCourse } from '@picbook/contracts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useJump } from '../../../shared/navigation/jump';
import { toast } from '../../../shared/toast/toast-store';
import { Button } from '../../../shared/ui/Button';
import lockIcon from '../../../shared/ui/icons/lock.svg';
import oops from '../../../shared/ui/illustrations/mascot-oops.svg';
import { StateScreen } from '../../../shared/ui/StateScreen';
import { CourseCard } from '../components/CourseCard';
import { RewardChest } from '../components/RewardChest';
import { courseJump } from '../plan-helpers';
import { useClaimReward, usePlan, useStage } from '../study-plan-queries';
import { useStageFlags } from '../use-stage-flags';
import styles from './DailyPage.module.css';

/**
 * /planning/daily/:level/:week/:day — a day of the plan: the five days of the week as tabs
 * (locked days look locked), the day's major courses in order and its minor courses (open once
 * the major ones are done), the day's reward, and the firstFinish / firstUnlock animations.
 */
export default function DailyPage() {
  const { t } = useTranslation('studyPlan');
  const params = useParams();
  const level = Number(params.level) || 1;
  const week = Number(params.week) || 1;
  const day = Number(params.day) || 1;
  const jump = useJump();
  const plan = usePlan(level);
  const stage = useStage(level, week, day);
  const flags = useStageFlags(`${level}:${week}:${day}`, stage.data);
  const claim = useClaimReward(level);
  const weekData = plan.data?.weeks.find((w) => w.week === week);

  if (stage.isError) {
    return (
      <StateScreen
        art={oops}
        title={t('loadFailed')}
        actions={<Button onClick={() => void stage.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  const data = stage.data;
  const open = (course: TPlanCourse) => {
    if (course.status === 0) {
      toast.info(t(`locks.${data?.lock_reason ?? weekData?.lock_reason ?? 'order'}`));
      return;
    }
    const [type, params_] = courseJump(course);
    void jump(type, params_, { search: { ref: 'planning' } });
  };
  const majorDone = data?.major.courses.every((c) => c.status === 2) ?? false;
  return (
    <div className={styles.page} data-testid="daily-page" data-day={day}>
      <header className={styles.header}>
        {data && <img className={styles.cover} src={data.book.cover.image_small} alt="" />}
        <div>
          <h1 className={styles.title}>
            {t('weekN', { n: week })} · {data?.theme_cn ?? ''}
          </h1>
          <p className={styles.book} lang="en">
            {data?.book.title_en}
          </p>
        </div>
        <nav className={styles.days} aria-label={t('weekN', { n: week })}>
          {(weekData?.stages ?? []).map((s) => (
            <button
              key={s.stage}
              type="button"
              className={`${styles.day} ${s.stage === day ? styles.dayOn : ''} ${styles[`d${s.status}`]}`}
              onClick={() =>
                void jump(
                  'planningDaily',
                  { level, week, day: s.stage },
                  { replace: true, needBackPath: false },
                )
              }
              aria-current={s.stage === day ? 'page' : undefined}
              data-testid="day-tab"
              data-status={s.status}
            >
              <span>{t('dayN', { n: s.stage })}</span>
              {s.status === 0 ? (
                <img src={lockIcon} alt={t('locked')} />
              ) : (
                <small>{s.status === 2 ? '✔' : s.title_cn}</small>
              )}
            </button>
          ))}
        </nav>
      </header>

      {!data ? (
        <div className={styles.skeleton} />
      ) : (
        <div className={styles.body}>
          <section className={styles.major}>
            <h2>
              {t('major')} · {data.title_cn}
            </h2>
            {data.status === 0 && (
              <p className={styles.lockNote}>{t(`locks.${data.lock_reason ?? 'order'}`)}</p>
            )}
            <div className={styles.path}>
              {data.major.courses.map((c, i) => (
                <CourseCard
                  key={c.uuid}
                  course={c}
                  n={i + 1}
                  onOpen={open}
                  firstFinish={flags?.major.courses[i] ?? false}
                />
              ))}
            </div>
          </section>
          <aside className={styles.side}>
            <RewardChest
              reward={data.reward}
              label={majorDone ? t('dayRewardClaim') : t('dayReward', { week, day })}
              isPending={claim.isPending}
              onClaim={() =>
                claim.mutate({ week, stage: day }, { onSuccess: () => void stage.refetch() })
              }
              testId="day-reward"
            />
            {weekData && weekData.reward.status !== 0 && (
              <RewardChest
                reward={weekData.reward}
                label={t('weekRewardClaim')}
                isPending={claim.isPending}
                onClaim={() => claim.mutate({ week, stage: 0 })}
                testId="week-reward"
              />
            )}
            <section
              className={`${styles.minor} ${flags?.minor.firstUnlock ? styles.unlocked : ''}`}
            >
              <h2>{t('minor')}</h2>
              {flags?.minor.firstUnlock && <p className={styles.burst}>{t('firstUnlock')}</p>}
              {!majorDone && <p className={styles.lockNote}>{t('minorLocked')}</p>}
              {data.minor.courses.map((c, i) => (
                <CourseCard
                  key={c.uuid}
                  course={c}
                  n={i + 1}
                  onOpen={open}
                  firstFinish={flags?.minor.courses[i] ?? false}
                />
              ))}
            </section>
          </aside>
        </div>
      )}
    </div>
  );
}
