import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appEnv } from '../../../shared/platform/env';
import { canUsePoints } from '../../../shared/platform/points-env';
import { useDeviceSetting } from '../../../shared/settings/device-settings';
import { useStartup } from '../../../shared/startup/startup-store';
import { Button } from '../../../shared/ui/Button';
import { Dialog } from '../../../shared/ui/Dialog';
import { DailyLotteryModal } from '../components/DailyLotteryModal';
import { GoodsCard } from '../components/GoodsCard';
import { LotteryBanner } from '../components/LotteryBanner';
import { PointsUnavailable } from '../components/PointsUnavailable';
import { SignInCard } from '../components/SignInCard';
import { TaskList } from '../components/TaskList';
import styles from '../Points.module.css';
import { useGoodsList, usePointsDetail } from '../points-queries';

const LINKS = [
  { key: 'orders', to: '/parents/points/pointDetails?tab=orders', icon: '📦' },
  { key: 'invite', to: '/parents/points/invite', icon: '🤝' },
  { key: 'posters', to: '/parents/points/posters', icon: '🖼️' },
  { key: 'prizes', to: '/act/lotteryPrizes', icon: '🎁' },
] as const;

/**
 * /parents/points: the balance, the sign-in week, tasks, the lucky wheel and the goods. A first
 * visit explains the mall (has_entered_points); the daily lottery modal follows it.
 */
export default function PointsHomePage() {
  const { t } = useTranslation('points');
  const userId = useStartup((s) => s.user?.id ?? null);
  const [hasEntered, setEntered] = useDeviceSetting('has_entered_points', userId, '0');
  const { data: detail, isError, refetch } = usePointsDetail();
  const { data: goods } = useGoodsList();
  const [isWelcomeOpen, setWelcomeOpen] = useState(hasEntered !== '1');
  if (!canUsePoints(appEnv())) return <PointsUnavailable />;
  if (isError) {
    return (
      <div className={styles.empty}>
        <p>{t('loadFailed')}</p>
        <Button onClick={() => void refetch()}>{t('retry')}</Button>
      </div>
    );
  }
  const closeWelcome = () => {
    setEntered('1');
    setWelcomeOpen(false);
  };
  return (
    <div className={styles.page} data-testid="points-home">
      <section className={styles.hero}>
        <div>
          <div className={styles.heroLabel}>{t('balance')}</div>
          <div className={styles.heroNumber} data-testid="points-balance">
            {detail?.points ?? '—'}
          </div>
          {detail && detail.today_earned > 0 && (
            <span className={styles.heroToday}>{t('todayEarned', { n: detail.today_earned })}</span>
          )}
        </div>
        <Link className={styles.heroLink} to="/parents/points/pointDetails">
          {t('detailsLink')} ›
        </Link>
      </section>
      <SignInCard />
      {detail?.lottery && <LotteryBanner lotteryId={detail.lottery.id} />}
      <nav className={styles.links}>
        {LINKS.map((link) => (
          <Link key={link.key} className={styles.link} to={link.to}>
            <span className={styles.linkIcon} aria-hidden="true">
              {link.icon}
            </span>
            {t(`links.${link.key}`)}
          </Link>
        ))}
      </nav>
      <TaskList />
      <section>
        <h2 className={styles.cardTitle}>{t('goods.title')}</h2>
        {goods && goods.list.length === 0 && <p className={styles.empty}>{t('goods.empty')}</p>}
        <div className={styles.grid} data-testid="goods-grid">
          {goods?.list.map((g) => (
            <GoodsCard key={g.item_id} goods={g} />
          ))}
        </div>
      </section>
      {isWelcomeOpen && (
        <Dialog title={t('welcome.title')} onClose={closeWelcome} testId="points-welcome">
          <div className={styles.dialogBody}>
            <p>🌟 {t('welcome.earn')}</p>
            <p>🎁 {t('welcome.spend')}</p>
            <Button block onClick={closeWelcome}>
              {t('welcome.ok')}
            </Button>
          </div>
        </Dialog>
      )}
      {!isWelcomeOpen && detail?.lottery && userId !== null && (
        <DailyLotteryModal lotteryId={detail.lottery.id} userId={userId} />
      )}
    </div>
  );
}
