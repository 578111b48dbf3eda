import type { TCoursePart } from '@picbook/contracts';
import { type ComponentType, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTrack } from '../../../shared/audio';
import { getDeviceSetting, setDeviceSetting } from '../../../shared/settings/device-settings';
import { Button } from '../../../shared/ui/Button';
import speakerIcon from '../../../shared/ui/icons/speaker.svg';
import mascot from '../../../shared/ui/illustrations/mascot-welcome.svg';
import styles from './Player.module.css';
import type { PartProps } from './part-props';

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
 * One part with its spoken instruction (Chinese) for a child who cannot read yet: the first few
 * times a part type is met (counted per user in course_gudie_audio, shell §3) the instruction
 * plays first and the part starts when it ends (or on a tap); the bubble in the header replays it.
 */
export function GuidedPart({
  part,
  userId,
  Part,
  onAnswer,
  onDone,
  header,
}: Omit<PartProps, 'part'> & {
  part: TCoursePart;
  userId: number | undefined;
  Part: ComponentType<PartProps>;
  header(guide: React.ReactNode): React.ReactNode;
}) {
  const { t } = useTranslation('studyPlan');
  const voice = useTrack({ url: part.guide.audio });
  const [guiding, setGuiding] = useState(
    () => (guideCounts(userId)[part.type] ?? 0) < GUIDE_AUTOPLAY_TIMES,
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: once when the part opens
  useEffect(() => {
    if (!guiding) return;
    voice.track.play();
    const counts = guideCounts(userId);
    if (userId !== undefined) {
      setDeviceSetting(
        'course_gudie_audio',
        userId,
        JSON.stringify({ ...counts, [part.type]: (counts[part.type] ?? 0) + 1 }),
      );
    }
  }, []);
  const state = voice.state.state;
  useEffect(() => {
    if (guiding && (state === 'ended' || state === 'error')) setGuiding(false);
  }, [guiding, state]);

  const bubble = (
    <button
      type="button"
      className={`${styles.guide} ${state === 'playing' ? styles.guidePlaying : ''}`}
      onClick={() => voice.track.play()}
      aria-label={t('player.guide')}
      title={part.guide.text_cn}
      data-testid="guide"
    >
      <img src={speakerIcon} alt="" />
      <span>{part.guide.text_cn}</span>
    </button>
  );
  return (
    <>
      {header(bubble)}
      {guiding ? (
        <div className={styles.guiding} data-testid="guiding">
          <img src={mascot} alt="" />
          <p>{part.guide.text_cn}</p>
          <Button
            size="large"
            variant="grass"
            onClick={() => {
              voice.track.stop();
              setGuiding(false);
            }}
            data-testid="guide-skip"
          >
            {t('player.next')}
          </Button>
        </div>
      ) : (
        <Part part={part} onAnswer={onAnswer} onDone={onDone} />
      )}
    </>
  );
}
