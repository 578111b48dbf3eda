import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../shared/navigation/app-navigate';
import { HOME_PATH } from '../../shared/navigation/home-paths';
import { Button } from '../../shared/ui/Button';
import lostArt from '../../shared/ui/illustrations/mascot-lost.svg';
import { StateScreen } from '../../shared/ui/StateScreen';

export function NotFoundScreen() {
  const { t } = useTranslation();
  const { go } = useAppNavigate();
  return (
    <StateScreen
      testId="not-found-screen"
      art={lostArt}
      title={t('screens.notFoundTitle')}
      hint={t('screens.notFoundHint')}
      actions={<Button onClick={() => go(HOME_PATH, { replace: true })}>{t('common.home')}</Button>}
    />
  );
}
