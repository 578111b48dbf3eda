import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { track } from '../../shared/analytics/pingback';
import { HOME_PATH } from '../../shared/navigation/home-paths';
import { Button } from '../../shared/ui/Button';
import oopsArt from '../../shared/ui/illustrations/mascot-oops.svg';
import { StateScreen } from '../../shared/ui/StateScreen';
import { OfflineScreen } from './StartupScreens';

/**
 * A page failed to load or render. Offline: the offline screen, retried when the connection
 * returns. Online: the generic fault screen (spec §8). Both recover with a full load, which also
 * picks up a new build whose chunks replaced the ones this page asked for.
 */
export function RouteErrorScreen() {
  const { t } = useTranslation();
  const error = useRouteError();
  const [isOffline, setOffline] = useState(() => navigator.onLine === false);

  useEffect(() => {
    track(
      'page_error',
      { message: error instanceof Error ? error.message : String(error) },
      'error',
    );
  }, [error]);

  useEffect(() => {
    const handleOnline = () => window.location.reload();
    const handleOffline = () => setOffline(true);
    if (isOffline) window.addEventListener('online', handleOnline);
    window.addEventListener('offline', handleOffline);
    return () => {
      window.removeEventListener('online', handleOnline);
      window.removeEventListener('offline', handleOffline);
    };
  }, [isOffline]);

  if (isOffline) return <OfflineScreen onRetry={() => window.location.reload()} />;
  return (
    <StateScreen
      testId="fault-screen"
      art={oopsArt}
      title={t('screens.faultTitle')}
      actions={
        <Button onClick={() => window.location.assign(HOME_PATH)}>{t('common.home')}</Button>
      }
    />
  );
}
