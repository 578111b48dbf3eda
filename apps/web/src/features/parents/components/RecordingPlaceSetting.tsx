import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../shared/settings/user-settings';
import { toast } from '../../../shared/toast/toast-store';
import styles from './PublicWorksSetting.module.css';

export interface RecordingPlaceSettingProps {
  /** The settings list's row style. */
  className?: string;
}

/**
 * 「录音只保存在本机」 (issue 37, decision 110): the child's recordings are scored on the device and
 * never uploaded; the child still sees its scores and hears its own voice, while works, rankings
 * and reading rewards (which need the server's judgement) are off. Off by default; kept with the
 * family's settings.
 */
export function RecordingPlaceSetting({ className }: RecordingPlaceSettingProps) {
  const { t } = useTranslation('parents');
  const value = useSettings((s) => s.values.recording_device_only);
  const change = async (next: number) => {
    await useSettings.getState().save({ recording_device_only: next });
    if (useSettings.getState().saveState === 'error') toast.warning(t('saveFailed'));
    else toast.success(t('saved'));
  };
  return (
    <label className={className}>
      <span className={styles.text}>
        <span>{t('recordingDeviceOnly')}</span>
        <span className={styles.explain} data-testid="recording-device-only-hint">
          {value === 1 ? t('recordingDeviceOnlyOn') : t('recordingDeviceOnlyHint')}
        </span>
      </span>
      <select
        value={value === 1 ? 1 : 0}
        onChange={(e) => void change(e.target.value === '1' ? 1 : 0)}
        data-setting="recording_device_only"
      >
        <option value={1}>{t('on')}</option>
        <option value={0}>{t('off')}</option>
      </select>
    </label>
  );
}
