import type { UserSettings } from '@picbook/domain';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../shared/settings/user-settings';
import { toast } from '../../shared/toast/toast-store';

/** Saves one of the family's settings from the parents' center and says whether it was kept. */
export function useSaveSetting(): (key: keyof UserSettings, value: number) => Promise<void> {
  const { t } = useTranslation('parents');
  return async (key, value) => {
    await useSettings.getState().save({ [key]: value });
    if (useSettings.getState().saveState === 'error') toast.warning(t('saveFailed'));
    else toast.success(t('saved'));
  };
}
