import type { TCoursePartOf } from '@picbook/contracts';
import { PART_EXAM_TYPES } from '@picbook/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useTrack } from '../../../../../shared/audio';
import speakerIcon from '../../../../../shared/ui/icons/speaker.svg';
import { itemId, type PartProps } from '../../part-props';
import styles from '../parts.module.css';
import { TryAgain } from '../shared/TryAgain';
import { useQuestions } from '../shared/use-question';

/** listen_train: hear a sentence of the story, tap its picture. */
export function ListenTrainPart({
  part,
  onAnswer,
  onDone,
}: PartProps<TCoursePartOf<'listen_train'>>) {
  const { t } = useTranslation('studyPlan');
  const q = useQuestions(
    part.questions,
    (i, tries) =>
      onAnswer({ examType: PART_EXAM_TYPES.listen_train, id: itemId(part, i), answer: tries }),
    onDone,
    // After 「再想想」 the sentence is heard again.
    (): string | undefined => part.questions[q.index]?.say.audio,
  );
  const voice = useTrack({ url: q.question.say.audio });
  // biome-ignore lint/correctness/useExhaustiveDependencies: each question starts with its sentence
  useEffect(() => {
    voice.track.play();
  }, [q.index]);
  return (
    <div className={styles.choice} data-testid="listen-train" data-index={q.index}>
      <button
        type="button"
        className={styles.bigListen}
        onClick={() => voice.track.play()}
        data-testid="listen-again"
      >
        <img src={speakerIcon} alt="" />
        {t('player.listenAgain')}
      </button>
      {q.wrong && <TryAgain />}
      <div className={styles.pictureChoices}>
        {q.question.choices.map((c) => (
          <button
            key={`${q.index}-${c.key}`}
            type="button"
            className={`${styles.pictureChoice} ${q.wrong === c.key ? `${styles.shake} ${styles.wrong}` : ''} ${q.right === c.key ? styles.right : ''}`}
            onClick={() => {
              voice.track.stop();
              q.pick(c.key);
            }}
            data-key={c.key}
            data-testid="picture-choice"
          >
            <img src={c.image_small} alt="" />
          </button>
        ))}
      </div>
    </div>
  );
}
