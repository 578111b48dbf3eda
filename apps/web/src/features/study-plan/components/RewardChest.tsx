import type { TPlanReward } from '@picbook/contracts';
import { useTranslation } from 'react-i18next';
import coinIcon from '../../../shared/ui/icons/coin.svg';
import diamondIcon from '../../../shared/ui/icons/diamond.svg';
import styles from './RewardChest.module.css';

/**
 * A daily or weekly reward: closed until earned, glowing and tappable when it can be collected,
 * open once received (§4: status 0, 1, 2).
 */
export function RewardChest({
  reward,
  label,
  onClaim,
  isPending = false,
  testId,
}: {
  reward: TPlanReward;
  label: string;
  onClaim?: () => void;
  isPending?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('studyPlan');
  const ready = reward.status === 1;
  return (
    <button
      type="button"
      className={`${styles.chest} ${styles[`s${reward.status}`]}`}
      disabled={!ready || isPending}
      onClick={onClaim}
      data-testid={testId}
      data-status={reward.status}
    >
      <span className={styles.box} aria-hidden="true">
        {reward.status === 2 ? '🎉' : '🎁'}
      </span>
      <span className={styles.label}>{label}</span>
      <span className={styles.amounts}>
        <img src={coinIcon} alt={t('finish.coins')} /> {reward.coins}
        <img src={diamondIcon} alt={t('finish.diamonds')} /> {reward.diamonds}
      </span>
      <span className={styles.action}>
        {reward.status === 2 ? t('claimed') : ready ? t('claim') : t('locked')}
      </span>
    </button>
  );
}
