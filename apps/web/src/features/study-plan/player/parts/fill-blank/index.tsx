import type { TCoursePartOf } from '@picbook/contracts';
import type { PartProps } from '../../part-props';
import { AnswerNote, useChoiceItems } from '../shared/ChoiceRow';
import { hear, ListenButton, StagePicture } from '../shared/WordStage';
import styles from '../shared/word-parts.module.css';

/** fill_blank: a sentence of the book with a word left out; hear the words and pick the one that fits. */
export function FillBlankPart({ part, onAnswer, onDone }: PartProps<TCoursePartOf<'fill_blank'>>) {
  const q = useChoiceItems(part, part.questions, { onAnswer, onDone });
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
                className={`${styles.option} ${q.wrong === c.key ? `${styles.shake} ${styles.wrong}` : ''} ${q.right === c.key ? styles.right : ''}`}
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
        <AnswerNote q={q} />
      </section>
    </div>
  );
}
