import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useTrack } from '../../../shared/audio';
import { getDeviceSetting, setDeviceSetting } from '../../../shared/settings/device-settings';
import speakerIcon from '../../../shared/ui/icons/speaker.svg';
import styles from './Player.module.css';

/** After this many times a part type's instruction no longer plays by itself. */
export const GUIDE_AUTOPLAY_TIMES = 3;

function guideCounts(userId: number | undefined): Record<string, number> {
  if (userId === undefined) return {};
  try {
    return JSON.parse(getDeviceSetting('course_gudie_audio', userId) ?? '{}') as Record<
      string,
      number
    >;
  } catch {
    return {};
  }
}

/**
 * The part's spoken instruction (Chinese) for a child who cannot read yet: it plays by itself the
 * first few times a part type is met (counted per user in course_gudie_audio, shell §3), and the
 * bubble replays it on a tap.
 */
export function GuideVoice({
  guide,
  type,
  userId,
}: {
  guide: { text_cn: string; audio: string };
  type: string;
  userId: number | undefined;
}) {
  const { t } = useTranslation('learning');
  const voice = useTrack({ url: guide.audio });
  // biome-ignore lint/correctness/useExhaustiveDependencies: once when the part opens
  useEffect(() => {
    const counts = guideCounts(userId);
    const seen = counts[type] ?? 0;
    if (seen >= GUIDE_AUTOPLAY_TIMES) return;
    voice.track.play();
    if (userId !== undefined) {
      setDeviceSetting(
        'course_gudie_audio',
        userId,
        JSON.stringify({ ...counts, [type]: seen + 1 }),
      );
    }
  }, []);
  return (
    <button
      type="button"
      className={`${styles.guide} ${voice.state.state === 'playing' ? styles.guidePlaying : ''}`}
      onClick={() => voice.track.play()}
      aria-label={t('player.guide')}
      title={guide.text_cn}
      data-testid="guide"
    >
      <img src={speakerIcon} alt="" />
      <span>{guide.text_cn}</span>
    </button>
  );
}
