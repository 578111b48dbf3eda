import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../shared/settings/user-settings';
import { useSaveSetting } from '../save-setting';
import styles from './PublicWorksSetting.module.css';

export interface RecordingPlaceSettingProps {
  /** The settings list's row style. */
  className?: string;
}

/** An on/off family setting of the device's speech scoring, with its hint under the name. */
function SpeechSettingRow({
  className,
  setting,
  label,
  hint,
  hintTestId,
}: RecordingPlaceSettingProps & {
  setting: 'recording_device_only' | 'speech_prefetch_wifi';
  label: string;
  hintTestId: string;
  hint(on: boolean): string;
}) {
  const { t } = useTranslation('parents');
  const value = useSettings((s) => s.values[setting]);
  const save = useSaveSetting();
  const change = (next: number) => save(setting, next);
  return (
    <label className={className}>
      <span className={styles.text}>
        <span>{label}</span>
        <span className={styles.explain} data-testid={hintTestId}>
          {hint(value === 1)}
        </span>
      </span>
      <select
        value={value === 1 ? 1 : 0}
        onChange={(e) => void change(e.target.value === '1' ? 1 : 0)}
        data-setting={setting}
      >
        <option value={1}>{t('on')}</option>
        <option value={0}>{t('off')}</option>
      </select>
    </label>
  );
}

/**
 * 「录音只保存在本机」 (issue 37, decision 110): the child's recordings are scored on the device and
 * never uploaded; the child still sees its scores and hears its own voice, while works, rankings
 * and reading rewards (which need the server's judgement) are off. Off by default; kept with the
 * family's settings.
 */
export function RecordingPlaceSetting({ className }: RecordingPlaceSettingProps) {
  const { t } = useTranslation('parents');
  return (
    <SpeechSettingRow
      className={className}
      setting="recording_device_only"
      label={t('recordingDeviceOnly')}
      hintTestId="recording-device-only-hint"
      hint={(on) => (on ? t('recordingDeviceOnlyOn') : t('recordingDeviceOnlyHint'))}
    />
  );
}

/**
 * 「Wi‑Fi 下预先下载离线打分」 (issue 37, decision 110): the device scorer's files are fetched in the
 * background on Wi‑Fi (features/speech/prefetch.ts). On by default: it only moves to Wi‑Fi the
 * download a child's first tap on the microphone makes on any network.
 */
export function SpeechPrefetchSetting({ className }: RecordingPlaceSettingProps) {
  const { t } = useTranslation('parents');
  return (
    <SpeechSettingRow
      className={className}
      setting="speech_prefetch_wifi"
      label={t('speechPrefetch')}
      hintTestId="speech-prefetch-hint"
      hint={() => t('speechPrefetchHint')}
    />
  );
}
