import type { TCoursePartOf } from '@picbook/contracts';
import { useEffect } from 'react';
import type { PartProps } from '../../part-props';
import { AnswerNote, useChoiceItems } from '../shared/ChoiceRow';
import { hear, ListenButton, StagePicture } from '../shared/WordStage';
import styles from '../shared/word-parts.module.css';
import { BasketIcon } from './BasketIcon';

/** image_classify: each word picture goes into its basket (a sign and a name for each group). */
export function ImageClassifyPart({
  part,
  onAnswer,
  onDone,
}: PartProps<TCoursePartOf<'image_classify'>>) {
  const q = useChoiceItems(part, part.items, { onAnswer, onDone });
  const item = q.question;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each picture starts with its word
  useEffect(() => hear(item.audio), [q.index]);
  return (
    <div className={styles.stage} data-testid="image-classify" data-index={q.index}>
      <StagePicture picture={item.example.picture} />
      <section className={styles.task}>
        <div className={styles.row}>
          <ListenButton url={item.audio} />
          <p className={styles.word} lang="en">
            {item.word}
          </p>
        </div>
        <p className={styles.meaning}>{item.meaning_cn}</p>
        <div className={styles.baskets}>
          {part.groups.map((g) => (
            <button
              key={g.key}
              type="button"
              className={`${styles.basket} ${q.wrong === g.key ? `${styles.shake} ${styles.wrong}` : ''} ${q.right === g.key ? styles.right : ''}`}
              onClick={() => q.pick(g.key)}
              data-testid="basket"
              data-key={g.key}
            >
              <BasketIcon icon={g.icon} />
              {g.label_cn}
              <small lang="en">{g.label_en}</small>
            </button>
          ))}
        </div>
        <AnswerNote q={q} />
      </section>
    </div>
  );
}
