import { useTranslation } from 'react-i18next';
import coinIcon from '../../../shared/ui/icons/coin.svg';
import diamondIcon from '../../../shared/ui/icons/diamond.svg';
import giftIcon from '../icons/gift.svg';
import styles from './GrowthRewardBurst.module.css';

const PIECES = 14;

/**
 * The growth-reward event of a bulk collect (§4): coins and diamonds burst out of a chest and
 * the amounts show; the child taps to take them (nothing closes on a timer).
 */
export function GrowthRewardBurst({
  coins,
  diamonds,
  onClose,
}: {
  coins: number;
  diamonds: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('missions');
  return (
    <button
      type="button"
      className={styles.overlay}
      onClick={onClose}
      data-testid="growth-reward"
      aria-label={t('tapToClose')}
    >
      <span className={styles.rays} aria-hidden="true" />
      <span className={styles.pieces} aria-hidden="true">
        {Array.from({ length: PIECES }, (_, i) => (
          <img
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed decorative pieces
            key={i}
            src={i % 3 === 2 && diamonds > 0 ? diamondIcon : coinIcon}
            alt=""
            className={styles.piece}
            style={
              {
                '--angle': `${(360 / PIECES) * i}deg`,
                '--delay': `${(i % 5) * 60}ms`,
              } as React.CSSProperties
            }
          />
        ))}
      </span>
      <span className={styles.card}>
        <img className={styles.chest} src={giftIcon} alt="" />
        <strong className={styles.title}>{t('growthReward')}</strong>
        <span className={styles.amounts}>
          <span data-testid="growth-reward-coins">
            <img src={coinIcon} alt={t('coins')} /> {t('rewardCoins', { n: coins })}
          </span>
          {diamonds > 0 && (
            <span data-testid="growth-reward-diamonds">
              <img src={diamondIcon} alt={t('diamonds')} /> {t('rewardDiamonds', { n: diamonds })}
            </span>
          )}
        </span>
        <small className={styles.hint}>{t('tapToClose')}</small>
      </span>
    </button>
  );
}
