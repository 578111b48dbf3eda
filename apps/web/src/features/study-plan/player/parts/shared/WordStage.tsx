import type { TPicture } from '@picbook/contracts';
import { useTranslation } from 'react-i18next';
import { createTrack } from '../../../../../shared/audio';
import speakerIcon from '../../../../../shared/ui/icons/speaker.svg';
import styles from './word-parts.module.css';

/** Plays a narration file once (tap to hear). */
export const hear = (url: string) => createTrack({ url }).play();

/** A picture of the book beside the task (the word and sentence exercises). */
export function StagePicture({ picture }: { picture: TPicture }) {
  return (
    <figure className={styles.picture} style={{ backgroundImage: `url(${picture.placeholder})` }}>
      <img src={picture.image} alt="" />
    </figure>
  );
}

/** The round speaker button. */
export function ListenButton({ url, testId }: { url: string; testId?: string }) {
  const { t } = useTranslation('studyPlan');
  return (
    <button
      type="button"
      className={styles.listen}
      aria-label={t('player.listen')}
      onClick={() => hear(url)}
      data-testid={testId}
    >
      <img src={speakerIcon} alt="" />
    </button>
  );
}
