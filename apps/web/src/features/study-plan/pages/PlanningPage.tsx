import type { TPlanWeek } from '@picbook/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useJump } from '../../../shared/navigation/jump';
import { storage } from '../../../shared/platform/storage';
import { LEARNING_LEVEL_KEY } from '../../../shared/settings/learning-level';
import { useStartup } from '../../../shared/startup/startup-store';
import { Button } from '../../../shared/ui/Button';
import lockIcon from '../../../shared/ui/icons/lock.svg';
import oops from '../../../shared/ui/illustrations/mascot-oops.svg';
import mascot from '../../../shared/ui/illustrations/mascot-welcome.svg';
import { StateScreen } from '../../../shared/ui/StateScreen';
import { Stars } from '../components/Stars';
import { currentPlace } from '../plan-helpers';
import { useClaimReward, usePlan } from '../study-plan-queries';
import styles from './PlanningPage.module.css';

/** Node positions along the island path (x, y in %), one per week of a world. */
const SPOTS = [
  { x: 16, y: 62 },
  { x: 50, y: 30 },
  { x: 84, y: 60 },
  { x: 30, y: 80 },
  { x: 70, y: 82 },
];

/**
 * /planning — the plan as a map: one island (world) per page, its weeks as stops along a path
 * (book cover, five day dots, stars), the current stop marked by the mascot (§4 current-stage
 * rule), locked weeks greyed with a lock, the week's chest when it can be opened.
 */
export default function PlanningPage() {
  const { t } = useTranslation('studyPlan');
  const userLevel = useStartup((s) => s.user?.level);
  const saved = Number(storage.get(LEARNING_LEVEL_KEY));
  const level = saved >= 1 && saved <= 6 ? saved : (userLevel ?? 1);
  const plan = usePlan(level);
  const [page, setPage] = useState<number | null>(null);
  const jump = useJump();
  const claim = useClaimReward(level);

  if (plan.isError) {
    return (
      <StateScreen
        art={oops}
        title={t('loadFailed')}
        actions={<Button onClick={() => void plan.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  const data = plan.data;
  if (!data) return <div className={styles.page} data-testid="planning-loading" />;
  const place = currentPlace(data);
  const current = page ?? data.paging.current_page;
  const world = data.worlds[current - 1];
  const weeks = data.weeks.filter((w) => world?.weeks.includes(w.week));
  const openWeek = (w: TPlanWeek) =>
    jump('planningDaily', { level, week: w.week, day: w.week === place.week ? place.day : 1 });
  return (
    <div
      className={`${styles.page} ${styles[`world${Math.min(world?.world ?? 1, 4)}`]}`}
      data-testid="planning-page"
    >
      <header className={styles.header}>
        <h1>
          {t('level', { level })} · {t(`worlds.w${Math.min(world?.world ?? 1, 4)}` as 'worlds.w1')}
        </h1>
        <div className={styles.pager}>
          {data.worlds.map((w, i) => (
            <button
              key={w.world}
              type="button"
              className={`${styles.pageDot} ${i + 1 === current ? styles.pageOn : ''}`}
              onClick={() => setPage(i + 1)}
              aria-label={t(`worlds.w${Math.min(w.world, 4)}` as 'worlds.w1')}
            >
              {w.world}
            </button>
          ))}
        </div>
      </header>
      <div className={styles.map}>
        <svg
          className={styles.road}
          viewBox="0 0 100 100"
          preserveAspectRatio="none"
          aria-hidden="true"
        >
          <path
            d={weeks
              .map((_, i) => SPOTS[i] ?? SPOTS[0])
              .map((s, i) => `${i === 0 ? 'M' : 'L'} ${s?.x} ${s?.y}`)
              .join(' ')}
          />
        </svg>
        {weeks.map((w, i) => {
          const spot = SPOTS[i] ?? { x: 50, y: 50 };
          const isHere = w.week === place.week;
          return (
            <div
              key={w.week}
              className={`${styles.stop} ${w.status === 0 ? styles.locked : ''} ${isHere ? styles.here : ''}`}
              style={{ left: `${spot.x}%`, top: `${spot.y}%` }}
            >
              {isHere && (
                <span className={styles.pin}>
                  <img src={mascot} alt="" />
                  <em>{t('current')}</em>
                </span>
              )}
              <button
                type="button"
                className={styles.island}
                onClick={() => openWeek(w)}
                data-testid="map-week"
                data-status={w.status}
                aria-label={`${t('weekN', { n: w.week })} ${w.theme_cn}`}
              >
                <img src={w.book.cover.image_small} alt="" />
                {w.status === 0 && <img className={styles.lock} src={lockIcon} alt={t('locked')} />}
              </button>
              <span className={styles.label}>
                {t('weekN', { n: w.week })} · {w.theme_cn}
              </span>
              <span className={styles.dots}>
                {w.stages.map((s) => (
                  <span
                    key={s.stage}
                    className={`${styles.dot} ${styles[`d${s.status}`]} ${isHere && s.stage === place.day ? styles.dotNow : ''}`}
                  />
                ))}
              </span>
              <Stars n={w.book_star} />
              {w.reward.status === 1 && (
                <button
                  type="button"
                  className={styles.chest}
                  onClick={() => claim.mutate({ week: w.week, stage: 0 })}
                  disabled={claim.isPending}
                  aria-label={t('weekRewardClaim')}
                >
                  🎁
                </button>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
