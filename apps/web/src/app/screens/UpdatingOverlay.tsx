import { useTranslation } from 'react-i18next';
import updatingArt from '../../shared/ui/illustrations/mascot-updating.svg';
import { StateScreen } from '../../shared/ui/StateScreen';

/** Forced reload for an outdated web build (spec §4: 更新中，请稍候). */
export function UpdatingOverlay() {
  const { t } = useTranslation();
  return <StateScreen testId="updating" art={updatingArt} title={t('screens.updating')} />;
}
