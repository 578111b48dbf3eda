import type { TCoursePartOf } from '@picbook/contracts';
import { PART_EXAM_TYPES } from '@picbook/domain';
import { useTranslation } from 'react-i18next';
import { createTrack } from '../../../../../shared/audio';
import speakerIcon from '../../../../../shared/ui/icons/speaker.svg';
import { itemId, type PartProps } from '../../part-props';
import styles from '../parts.module.css';
import { TryAgain } from '../shared/TryAgain';
import { useQuestions } from '../shared/use-question';

/** look_picture: look at a picture of the story, pick the sentence that tells it (each can be heard). */
export function LookPicturePart({
  part,
  onAnswer,
  onDone,
}: PartProps<TCoursePartOf<'look_picture'>>) {
  const { t } = useTranslation('studyPlan');
  const q = useQuestions(
    part.questions,
    (i, tries) =>
      onAnswer({ examType: PART_EXAM_TYPES.look_picture, id: itemId(part, i), answer: tries }),
    onDone,
  );
  const say = (url: string) => createTrack({ url }).play();
  return (
    <div className={styles.look} data-testid="look-picture" data-index={q.index}>
      <figure
        className={styles.lookPicture}
        style={{ backgroundImage: `url(${q.question.picture.placeholder})` }}
      >
        <img src={q.question.picture.image} alt="" />
      </figure>
      <div className={styles.lookSide}>
        <p className={styles.question}>{q.question.question_cn}</p>
        {q.wrong && <TryAgain />}
        {q.question.choices.map((c) => (
          <div
            key={`${q.index}-${c.key}`}
            className={`${styles.textChoice} ${q.wrong === c.key ? `${styles.shake} ${styles.wrong}` : ''} ${q.right === c.key ? styles.right : ''}`}
          >
            <button
              type="button"
              className={styles.smallListen}
              aria-label={t('player.listen')}
              onClick={() => say(c.audio)}
            >
              <img src={speakerIcon} alt="" />
            </button>
            <button
              type="button"
              className={styles.choiceText}
              lang="en"
              onClick={() => {
                say(c.audio);
                q.pick(c.key);
              }}
              data-key={c.key}
              data-testid="text-choice"
            >
              {c.en}
            </button>
          </div>
        ))}
      </div>
    </div>
  );
}
