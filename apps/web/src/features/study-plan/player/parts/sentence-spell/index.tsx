import type { TCoursePartOf } from '@picbook/contracts';
import { PART_EXAM_TYPES } from '@picbook/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { playFeedback } from '../../../../../shared/audio';
import { sayFeedback } from '../../../../../shared/audio/spoken-feedback';
import mascotOops from '../../../../../shared/ui/illustrations/mascot-oops.svg';
import { itemId, type PartProps } from '../../part-props';
import { RIGHT_PAUSE_MS } from '../shared/use-question';
import { hear, ListenButton, StagePicture } from '../shared/WordStage';
import styles from '../shared/word-parts.module.css';

const MAX_TRIES = 3;

/** sentence_spell: hear a sentence and build it from its word tiles, in order. */
export function SentenceSpellPart({
  part,
  onAnswer,
  onDone,
}: PartProps<TCoursePartOf<'sentence_spell'>>) {
  const { t } = useTranslation('studyPlan');
  const [index, setIndex] = useState(0);
  const [built, setBuilt] = useState<string[]>([]);
  const [state, setState] = useState<'asking' | 'wrong' | 'right' | 'shown'>('asking');
  const tries = useRef<string[]>([]);
  const q = part.questions[index] as (typeof part.questions)[number];
  // biome-ignore lint/correctness/useExhaustiveDependencies: each sentence starts with its narration
  useEffect(() => hear(q.sentence.audio), [index]);
  const locked = state === 'right' || state === 'shown';

  const finish = (shown: boolean) => {
    onAnswer({
      examType: PART_EXAM_TYPES.sentence_spell,
      id: itemId(part, index),
      answer: tries.current.join(','),
      sentence: q.sentence.en,
    });
    setTimeout(
      () => {
        tries.current = [];
        setBuilt([]);
        setState('asking');
        if (index === part.questions.length - 1) onDone();
        else setIndex((i) => i + 1);
      },
      RIGHT_PAUSE_MS * (shown ? 2 : 1),
    );
  };
  const place = (key: string) => {
    if (locked || built.includes(key)) return;
    const next = [...built, key];
    setBuilt(next);
    if (next.length < q.tiles.length) return;
    const order = next.join('');
    tries.current.push(order);
    if (order === q.answer) {
      playFeedback('right');
      hear(q.sentence.audio);
      setState('right');
      finish(false);
      return;
    }
    playFeedback('wrong');
    if (tries.current.length >= MAX_TRIES) {
      setBuilt([...q.answer]);
      setState('shown');
      hear(q.sentence.audio);
      finish(true);
      return;
    }
    setState('wrong');
    sayFeedback('try_again');
    setTimeout(() => setBuilt([]), RIGHT_PAUSE_MS / 2);
  };
  const text = (key: string) => q.tiles.find((tile) => tile.key === key)?.text ?? '';
  return (
    <div
      className={styles.stage}
      data-testid="sentence-spell"
      data-index={index}
      data-state={state}
    >
      <StagePicture picture={q.sentence.picture} />
      <section className={styles.task}>
        <ListenButton url={q.sentence.audio} />
        <p className={styles.meaning}>{q.sentence.zh}</p>
        <div
          className={`${styles.built} ${state === 'wrong' ? styles.shake : ''}`}
          data-testid="built"
        >
          {built.map((key) => (
            <button
              key={key}
              type="button"
              lang="en"
              className={styles.tile}
              onClick={() => !locked && setBuilt((b) => b.filter((k) => k !== key))}
              aria-label={`${t('player.undo')} ${text(key)}`}
            >
              {text(key)}
            </button>
          ))}
        </div>
        <div className={styles.row}>
          {q.tiles.map((tile) => (
            <button
              key={tile.key}
              type="button"
              lang="en"
              className={`${styles.tile} ${built.includes(tile.key) ? styles.done : ''}`}
              disabled={built.includes(tile.key) || locked}
              onClick={() => place(tile.key)}
              data-testid="tile"
              data-key={tile.key}
            >
              {tile.text}
            </button>
          ))}
        </div>
        <p className={styles.feedback} role="status">
          {state === 'wrong' && <img className={styles.feedbackIcon} src={mascotOops} alt="" />}
          {state === 'wrong' && t('player.tryAgain')}
          {state === 'right' && t('player.great')}
          {state === 'shown' && `${t('player.answerIs')} ${q.sentence.en}`}
        </p>
      </section>
    </div>
  );
}
