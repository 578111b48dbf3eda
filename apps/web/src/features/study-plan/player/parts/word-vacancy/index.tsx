import type { TCoursePartOf } from '@picbook/contracts';
import { useEffect } from 'react';
import type { PartProps } from '../../part-props';
import { AnswerNote, ChoiceRow, useChoiceItems } from '../shared/ChoiceRow';
import { hear, ListenButton, StagePicture } from '../shared/WordStage';
import styles from '../shared/word-parts.module.css';

/** word_vacancy: a word with a letter missing; hear it and pick the letter. */
export function WordVacancyPart({
  part,
  onAnswer,
  onDone,
}: PartProps<TCoursePartOf<'word_vacancy'>>) {
  const q = useChoiceItems(part, part.words, { onAnswer, onDone });
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
        <ChoiceRow q={q} options={w.choices} testId="letter-choice" />
        <AnswerNote q={q} />
      </section>
    </div>
  );
}
