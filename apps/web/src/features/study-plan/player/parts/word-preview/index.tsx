import type { TCoursePartOf } from '@picbook/contracts';
import { useEffect } from 'react';
import type { PartProps } from '../../part-props';
import { AnswerNote, ChoiceRow, useChoiceItems } from '../shared/ChoiceRow';
import { hear, ListenButton, StagePicture } from '../shared/WordStage';
import styles from '../shared/word-parts.module.css';

/** word_preview: meet each word (picture, meaning, the book's sentence, narration), tap it when heard. */
export function WordPreviewPart({
  part,
  onAnswer,
  onDone,
}: PartProps<TCoursePartOf<'word_preview'>>) {
  const q = useChoiceItems(part, part.words, { onAnswer, onDone });
  const w = q.question;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each word starts with its narration
  useEffect(() => hear(w.audio), [q.index]);
  return (
    <div className={styles.stage} data-testid="word-preview" data-index={q.index}>
      <StagePicture picture={w.example.picture} />
      <section className={styles.task}>
        <ListenButton url={w.audio} />
        <p className={styles.word} lang="en">
          {q.right ? w.word : '？'}
        </p>
        <p className={styles.meaning}>
          <i lang="en">{w.pos}</i> {w.meaning_cn}
        </p>
        <button
          type="button"
          className={styles.matchItem}
          onClick={() => hear(w.example.audio)}
          lang="en"
        >
          {w.example.en}
        </button>
        <ChoiceRow q={q} options={w.choices} testId="word-choice" />
        <AnswerNote q={q} />
      </section>
    </div>
  );
}
