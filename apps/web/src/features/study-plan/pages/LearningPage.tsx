import type { TStudyPlan } from '@picbook/contracts';
import { shouldShowGuide, showQuickStart } from '@picbook/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chinaToday } from '../../../shared/format/china-day';
import { useJump } from '../../../shared/navigation/jump';
import { storage } from '../../../shared/platform/storage';
import { api } from '../../../shared/request/api';
import { initialLevel, LEARNING_LEVEL_KEY } from '../../../shared/settings/learning-level';
import { useStartup } from '../../../shared/startup/startup-store';
import { Button } from '../../../shared/ui/Button';
import oops from '../../../shared/ui/illustrations/mascot-oops.svg';
import mascot from '../../../shared/ui/illustrations/mascot-welcome.svg';
import { RewardChest } from '../components/RewardChest';
import { Stars } from '../components/Stars';
import {
  claimableRewards,
  courseJump,
  currentPlace,
  markGuideShown,
  quickStart,
  readGuideHistory,
} from '../plan-helpers';
import { useClaimReward, usePlan } from '../study-plan-queries';
import styles from './LearningPage.module.css';

/** The learning tab: levels, the current world and week, quick start, rewards, the plan guide. */
export default function LearningPage() {
  const { t } = useTranslation('studyPlan');
  const levels = useStartup((s) => s.configs?.levels ?? []);
  const user = useStartup((s) => s.user);
  const [level, setLevel] = useState(() =>
    initialLevel(user?.level, storage.get(LEARNING_LEVEL_KEY)),
  );
  const plan = usePlan(level);
  const handleLevel = (next: number) => {
    setLevel(next);
    storage.set(LEARNING_LEVEL_KEY, String(next));
    // The child follows this level from now on (GET/POST /api/v1/user/level/{id}).
    void api('setUserLevel', { params: { id: next }, body: { type: 20 } }, { silent: true }).catch(
      () => undefined,
    );
  };
  return (
    <div className={styles.page} data-testid="learning-page">
      <div className={styles.levels} role="tablist" aria-label={t('levelsTitle')}>
        {levels.map((l) => (
          <button
            key={l.level}
            type="button"
            role="tab"
            aria-selected={l.level === level}
            className={`${styles.level} ${l.level === level ? styles.selected : ''}`}
            style={{ '--level': l.color } as React.CSSProperties}
            onClick={() => handleLevel(l.level)}
          >
            <span className={styles.levelNo}>{t('level', { level: l.level })}</span>
            <span className={styles.band}>{l.band_cn}</span>
          </button>
        ))}
      </div>
      {plan.isError ? (
        <section className={styles.problem} role="alert">
          <img src={oops} alt="" />
          <h2>{t('loadFailed')}</h2>
          <Button variant="secondary" onClick={() => void plan.refetch()}>
            {t('retry')}
          </Button>
        </section>
      ) : !plan.data ? (
        <div className={styles.skeleton} aria-busy="true" />
      ) : (
        <PlanHome plan={plan.data} level={level} />
      )}
    </div>
  );
}

function PlanHome({ plan, level }: { plan: TStudyPlan; level: number }) {
  const { t } = useTranslation('studyPlan');
  const jump = useJump();
  const user = useStartup((s) => s.user);
  const claim = useClaimReward(level);
  const place = currentPlace(plan);
  const week = plan.weeks.find((w) => w.week === place.week) ?? plan.weeks[0];
  const canQuickStart = showQuickStart(plan.weeks);
  const target = quickStart(plan);
  const rewards = claimableRewards(plan);
  const [guide, setGuide] = useState(false);

  // The planning guide (§5): planning right, under 1 course done, once a day, vip ≤ 3 times.
  useEffect(() => {
    if (!user) return;
    const today = chinaToday();
    const show = shouldShowGuide({
      kind: 'planning',
      doneCourses: user.done_courses,
      // A planning right, or the free weeks every child may try (decision 028).
      hasPlanningRight: plan.access.full || plan.access.free_weeks.length > 0,
      isVip: user.vip === 1,
      today,
      history: readGuideHistory(user.id),
    });
    if (show) {
      setGuide(true);
      markGuideShown(user.id, today);
    }
  }, [user, plan.access]);

  if (!week) return null;
  const handleStart = () => {
    if (canQuickStart && target)
      return jump(...courseJump(target.course), { search: { ref: 'quick' } });
    return jump('planningDaily', { level, week: place.week, day: place.day });
  };
  const world = week.world;
  return (
    <div className={styles.home}>
      <section className={styles.hero} data-testid="learning-current">
        <div className={styles.cover}>
          <img src={week.book.cover.image} alt="" />
        </div>
        <div className={styles.heroBody}>
          <p className={styles.world}>{t(`worlds.w${Math.min(world, 4)}` as 'worlds.w1')}</p>
          <h1 className={styles.weekTitle}>
            {t('weekN', { n: week.week })} · {week.theme_cn}
          </h1>
          <p className={styles.bookTitle} lang="en">
            {week.book.title_en}
          </p>
          <div className={styles.progress}>
            <span className={styles.track}>
              <span
                style={{ width: `${(100 * week.finish_num) / Math.max(1, week.course_num)}%` }}
              />
            </span>
            <span>{t('progress', { done: week.finish_num, total: week.course_num })}</span>
            <Stars n={week.book_star} />
          </div>
          <p className={styles.where}>
            {t('continueAt', { week: target?.week ?? place.week, day: target?.day ?? place.day })}
          </p>
          <div className={styles.actions}>
            <Button size="large" variant="grass" onClick={handleStart} data-testid="learning-start">
              {canQuickStart ? t('quickStart') : t('startLearning')}
            </Button>
            <Button
              size="large"
              variant="sky"
              onClick={() => jump('planning')}
              data-testid="learning-map"
            >
              {t('openMap')}
            </Button>
          </div>
        </div>
      </section>
      <aside className={styles.side}>
        {guide && (
          <div className={styles.guide} data-testid="planning-guide">
            <img src={mascot} alt="" />
            <p>{t('guide')}</p>
          </div>
        )}
        <h2 className={styles.sideTitle}>{t('rewardsTitle')}</h2>
        {rewards.length === 0 ? (
          <p className={styles.none}>{t('noRewards')}</p>
        ) : (
          rewards.map((r) => (
            <RewardChest
              key={`${r.week}-${r.stage}`}
              reward={r.reward}
              label={
                r.stage === 0
                  ? t('weekReward', { week: r.week })
                  : t('dayReward', { week: r.week, day: r.stage })
              }
              isPending={claim.isPending}
              onClaim={() => claim.mutate({ week: r.week, stage: r.stage })}
              testId="reward-claim"
            />
          ))
        )}
        <h2 className={styles.sideTitle}>{t('weeks')}</h2>
        <ol className={styles.weeks}>
          {plan.weeks.map((w) => (
            <li key={w.week}>
              <button
                type="button"
                className={`${styles.weekChip} ${w.status === 0 ? styles.weekLocked : ''} ${w.week === place.week ? styles.weekNow : ''}`}
                onClick={() =>
                  jump('planningDaily', {
                    level,
                    week: w.week,
                    day: w.week === place.week ? place.day : 1,
                  })
                }
                title={w.book.title_cn}
              >
                <img src={w.book.cover.image_small} alt="" />
                <span>{t('weekN', { n: w.week })}</span>
                {w.status === 0 &&
                  plan.access.free_weeks.includes(w.week) === false &&
                  !plan.access.full && <em className={styles.tag}>{t('members')}</em>}
              </button>
            </li>
          ))}
        </ol>
      </aside>
    </div>
  );
}
