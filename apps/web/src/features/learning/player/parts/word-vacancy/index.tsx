import type { TCoursePartOf } from '@picbook/contracts';
import { PART_EXAM_TYPES } from '@picbook/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { itemId, type PartProps } from '../../part-props';
import { useQuestions } from '../shared/use-question';
import { hear, ListenButton, StagePicture } from '../shared/WordStage';
import styles from '../shared/word-parts.module.css';

/** word_vacancy: a word with a letter missing; hear it and pick the letter. */
export function WordVacancyPart({
  part,
  onAnswer,
  onDone,
}: PartProps<TCoursePartOf<'word_vacancy'>>) {
  const { t } = useTranslation('learning');
  const q = useQuestions(
    part.words,
    (i, tries) =>
      onAnswer({ examType: PART_EXAM_TYPES.word_vacancy, id: itemId(part, i), answer: tries }),
    onDone,
  );
  const w = q.question;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each word starts with its narration
  useEffect(() => hear(w.audio), [q.index]);
  const [before, after] = w.pattern.split('_');
  return (
    <div className={styles.stage} data-testid="word-vacancy" data-index={q.index}>
      <StagePicture picture={w.example.picture} />
      <section className={styles.task}>
        <ListenButton url={w.audio} />
        <p className={styles.word} lang="en">
          {before}
          <span className={styles.blank}>{q.right ?? '_'}</span>
          {after}
        </p>
        <p className={styles.meaning}>{w.meaning_cn}</p>
        <div className={styles.row}>
          {w.choices.map((c) => (
            <button
              key={`${q.index}-${c}`}
              type="button"
              lang="en"
              className={`${styles.option} ${q.wrong === c ? styles.shake : ''} ${q.right === c ? styles.right : ''}`}
              onClick={() => q.pick(c)}
              data-testid="letter-choice"
              data-key={c}
            >
              {c}
            </button>
          ))}
        </div>
        <p className={styles.feedback}>
          {q.wrong ? t('player.tryAgain') : q.right ? t('player.great') : ''}
        </p>
      </section>
    </div>
  );
}
