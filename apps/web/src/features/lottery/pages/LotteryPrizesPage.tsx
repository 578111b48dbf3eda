import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime } from '../../../shared/format/time';
import { appEnv } from '../../../shared/platform/env';
import { canUsePoints } from '../../../shared/platform/points-env';
import { Button } from '../../../shared/ui/Button';
import { PointsUnavailable, usePointsDetail } from '../../points';
import { useMyAwards } from '../lottery-queries';
import styles from './LotteryPages.module.css';

/** /act/lotteryPrizes: what the wheel gave, newest first. */
export default function LotteryPrizesPage() {
  const { t } = useTranslation('lottery');
  const awards = useMyAwards();
  const { data: detail } = usePointsDetail();
  if (!canUsePoints(appEnv())) return <PointsUnavailable />;
  const rows = awards.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className={styles.prizes} data-testid="lottery-prizes">
      {awards.data && rows.length === 0 && (
        <div className={styles.message}>
          <p>{t('prizesEmpty')}</p>
          {detail?.lottery && (
            <Link to={`/act/lotteryWheel/${detail.lottery.id}`} className={styles.prizesLink}>
              {t('goWheel')} ›
            </Link>
          )}
        </div>
      )}
      <ul className={styles.prizeList}>
        {rows.map((a) => (
          <li key={a.draw_id} className={styles.prize} data-testid="prize-item">
            <img src={a.image} alt="" />
            <div className={styles.prizeText}>
              <strong>{a.name}</strong>
              <span>
                {a.lottery_title} · {formatTime(a.time)}
              </span>
            </div>
            <span className={styles.delivered}>{t('delivered')}</span>
          </li>
        ))}
      </ul>
      {awards.hasNextPage && (
        <Button variant="secondary" block onClick={() => void awards.fetchNextPage()}>
          {t('more_')}
        </Button>
      )}
    </div>
  );
}
