import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from '../Points.module.css';
import { WheelArt } from './WheelArt';

/** A little wheel that turns: the way from the points mall to the lucky wheel. */
export function LotteryBanner({ lotteryId }: { lotteryId: number }) {
  const { t } = useTranslation('points');
  return (
    <Link
      className={styles.banner}
      to={`/act/lotteryWheel/${lotteryId}`}
      data-testid="lottery-banner"
    >
      <WheelArt className={styles.bannerWheel} />
      <div className={styles.bannerText}>
        <div className={styles.bannerTitle}>{t('lottery.title')}</div>
        <div className={styles.bannerHint}>{t('lottery.hint')}</div>
      </div>
      <span className={styles.bannerGo}>{t('lottery.go')}</span>
    </Link>
  );
}
