import { shouldShowDailyModal } from '@picbook/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../shared/navigation/app-navigate';
import { api } from '../../../shared/request/api';
import { getDeviceSetting, setDeviceSetting } from '../../../shared/settings/device-settings';
import { Button } from '../../../shared/ui/Button';
import { Dialog } from '../../../shared/ui/Dialog';
import { chinaToday } from '../../child';
import { useLotteryInfo } from '../points-queries';
import styles from './DailyLotteryModal.module.css';
import { WheelArt } from './WheelArt';

/**
 * §4 daily lottery modal: shown when the day it was last shown (modal_last_shown, per user on the
 * device) differs from today; marked shown when closed. It offers today's free spins.
 */
export function DailyLotteryModal({ lotteryId, userId }: { lotteryId: number; userId: number }) {
  const { t } = useTranslation('lottery');
  const { go } = useAppNavigate();
  const today = chinaToday();
  const [isOpen, setOpen] = useState(() =>
    shouldShowDailyModal(getDeviceSetting('modal_last_shown', userId), today),
  );
  const { data } = useLotteryInfo(lotteryId, isOpen);
  const [isTaking, setTaking] = useState(false);
  if (!isOpen || !data || data.status !== 1) return null;
  const close = () => {
    setDeviceSetting('modal_last_shown', userId, today);
    setOpen(false);
  };
  const handleTake = async () => {
    setTaking(true);
    if (data.daily_benefit.status === 0) {
      await api('lotteryGetReward', { body: { id: lotteryId } }, { silent: true }).catch(
        () => null,
      );
    }
    close();
    await go(`/act/lotteryWheel/${lotteryId}`);
  };
  return (
    <Dialog
      title={t('daily.title')}
      onClose={close}
      testId="daily-lottery-modal"
      actions={
        <>
          <Button block size="large" isLoading={isTaking} onClick={() => void handleTake()}>
            {t('daily.take')}
          </Button>
          <Button block variant="secondary" onClick={close}>
            {t('daily.later')}
          </Button>
        </>
      }
    >
      <div className={styles.dailyBody}>
        <WheelArt className={styles.dailyArt} />
        <p>{t('daily.hint', { n: data.daily_benefit.chances })}</p>
      </div>
    </Dialog>
  );
}
