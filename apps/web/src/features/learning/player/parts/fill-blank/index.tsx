import type { TCoursePartOf } from '@picbook/contracts';
import { PART_EXAM_TYPES } from '@picbook/domain';
import { useTranslation } from 'react-i18next';
import { itemId, type PartProps } from '../../part-props';
import { useQuestions } from '../shared/use-question';
import { hear, ListenButton, StagePicture } from '../shared/WordStage';
import styles from '../shared/word-parts.module.css';

/** fill_blank: a sentence of the book with a word left out; hear the words and pick the one that fits. */
export function FillBlankPart({ part, onAnswer, onDone }: PartProps<TCoursePartOf<'fill_blank'>>) {
  const { t } = useTranslation('learning');
  const q = useQuestions(
    part.questions,
    (i, tries) =>
      onAnswer({ examType: PART_EXAM_TYPES.fill_blank, id: itemId(part, i), answer: tries }),
    onDone,
  );
  const question = q.question;
  return (
    <div className={styles.stage} data-testid="fill-blank" data-index={q.index}>
      <StagePicture picture={question.sentence.picture} />
      <section className={styles.task}>
        <p className={styles.sentence} lang="en">
          {question.before}
          <span className={styles.blank}>{q.right ?? '\u00a0'}</span>
          {question.after}
        </p>
        <p className={styles.meaning}>{question.sentence.zh}</p>
        <div className={styles.row}>
          {question.choices.map((c) => (
            <span key={`${q.index}-${c.key}`} className={styles.row}>
              <ListenButton url={c.audio} />
              <button
                type="button"
                lang="en"
                className={`${styles.option} ${q.wrong === c.key ? styles.shake : ''} ${q.right === c.key ? styles.right : ''}`}
                onClick={() => {
                  if (q.pick(c.key)) hear(question.sentence.audio);
                }}
                data-testid="blank-choice"
                data-key={c.key}
              >
                {c.key}
              </button>
            </span>
          ))}
        </div>
        <p className={styles.feedback}>
          {q.wrong ? t('player.tryAgain') : q.right ? t('player.great') : ''}
        </p>
      </section>
    </div>
  );
}
