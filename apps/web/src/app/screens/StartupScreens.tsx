import { useTranslation } from 'react-i18next';
import { isOffline } from '../../shared/platform/network';
import { toast } from '../../shared/toast/toast-store';
import { Button } from '../../shared/ui/Button';
import offlineArt from '../../shared/ui/illustrations/mascot-offline.svg';
import slowArt from '../../shared/ui/illustrations/mascot-slow.svg';
import { StateScreen } from '../../shared/ui/StateScreen';

/** Timeout screen (spec §8): startup of configs or user info failed. */
export function TimeoutScreen({ onRetry, onHome }: { onRetry(): void; onHome(): void }) {
  const { t } = useTranslation();
  return (
    <StateScreen
      testId="timeout-screen"
      art={slowArt}
      title={t('screens.timeoutTitle')}
      actions={
        <>
          <Button variant="secondary" onClick={onHome}>
            {t('common.home')}
          </Button>
          <Button onClick={onRetry}>{t('common.retry')}</Button>
        </>
      }
    />
  );
}

/** Offline screen (spec §8): retry while still offline warns 没有检测到网络. */
export function OfflineScreen({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation();
  const handleRetry = () => {
    if (isOffline()) toast.warning(t('screens.offlineStill'));
    else onRetry();
  };
  return (
    <StateScreen
      testId="offline-screen"
      art={offlineArt}
      title={t('screens.offlineTitle')}
      actions={<Button onClick={handleRetry}>{t('common.retry')}</Button>}
    />
  );
}
