import type { TCoursePartOf } from '@picbook/contracts';
import { PART_EXAM_TYPES } from '@picbook/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTrack } from '../../../../../shared/audio';
import { Button } from '../../../../../shared/ui/Button';
import speakerIcon from '../../../../../shared/ui/icons/speaker.svg';
import { itemId, type PartProps } from '../../part-props';
import styles from '../parts.module.css';
import { TryAgain } from '../shared/TryAgain';
import { useQuestions } from '../shared/use-question';

/** subject_content: a knowledge card about the week's theme, then one question about it. */
export function SubjectContentPart({
  part,
  onAnswer,
  onDone,
}: PartProps<TCoursePartOf<'subject_content'>>) {
  const { t } = useTranslation('studyPlan');
  const [asking, setAsking] = useState(false);
  const key = useTrack({ url: part.key_sentence.audio });
  const q = useQuestions(
    [part.question],
    (_, tries) =>
      onAnswer({ examType: PART_EXAM_TYPES.subject_content, id: itemId(part, 0), answer: tries }),
    onDone,
  );
  return (
    <div className={styles.subject} data-testid="subject-content">
      <figure className={styles.subjectPicture}>
        <img src={part.key_sentence.picture.image} alt="" />
      </figure>
      <div className={styles.subjectCard}>
        <h2>{part.topic_cn}</h2>
        {!asking ? (
          <>
            <p className={styles.subjectText}>{part.text_cn}</p>
            <button
              type="button"
              className={styles.keySentence}
              onClick={() => key.track.play()}
              lang="en"
            >
              <img src={speakerIcon} alt="" />
              {part.key_sentence.en}
            </button>
            <Button size="large" onClick={() => setAsking(true)} data-testid="subject-ask">
              {t('player.question')}
            </Button>
          </>
        ) : (
          <>
            <p className={styles.question}>{part.question.question_cn}</p>
            {q.wrong && <TryAgain />}
            <div className={styles.chips}>
              {part.question.choices.map((c) => (
                <button
                  key={c.key}
                  type="button"
                  className={`${styles.chip} ${q.wrong === c.key ? `${styles.shake} ${styles.wrong}` : ''} ${q.right === c.key ? styles.right : ''}`}
                  onClick={() => q.pick(c.key)}
                  data-key={c.key}
                  data-testid="subject-choice"
                >
                  {c.text}
                </button>
              ))}
            </div>
          </>
        )}
      </div>
    </div>
  );
}
