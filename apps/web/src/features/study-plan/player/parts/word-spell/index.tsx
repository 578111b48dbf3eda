import type { TCoursePartOf } from '@picbook/contracts';
import { checkSpelling, PART_EXAM_TYPES } from '@picbook/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { playFeedback } from '../../../../../shared/audio';
import { sayFeedback } from '../../../../../shared/audio/spoken-feedback';
import mascotOops from '../../../../../shared/ui/illustrations/mascot-oops.svg';
import { LetterKeyboard } from '../../../../words';
import { itemId, type PartProps } from '../../part-props';
import { RIGHT_PAUSE_MS } from '../shared/use-question';
import { hear, ListenButton, StagePicture } from '../shared/WordStage';
import styles from '../shared/word-parts.module.css';

/** Tries before the word is shown and the part moves on. */
const MAX_TRIES = 3;

/** word_spell: hear a word, see its picture, spell it on the letter keyboard (or a real one). */
export function WordSpellPart({ part, onAnswer, onDone }: PartProps<TCoursePartOf<'word_spell'>>) {
  const { t } = useTranslation('studyPlan');
  const [index, setIndex] = useState(0);
  const [value, setValue] = useState('');
  const [state, setState] = useState<'asking' | 'wrong' | 'almost' | 'right' | 'shown'>('asking');
  const tries = useRef<string[]>([]);
  const w = part.words[index] as (typeof part.words)[number];
  // biome-ignore lint/correctness/useExhaustiveDependencies: each word starts with its narration
  useEffect(() => hear(w.audio), [index]);

  const finish = () => {
    onAnswer({
      examType: PART_EXAM_TYPES.word_spell,
      id: itemId(part, index),
      answer: tries.current.join(','),
    });
    setTimeout(
      () => {
        tries.current = [];
        setValue('');
        setState('asking');
        if (index === part.words.length - 1) onDone();
        else setIndex((i) => i + 1);
      },
      RIGHT_PAUSE_MS * (state === 'shown' ? 2 : 1),
    );
  };
  const submit = () => {
    if (state === 'right' || state === 'shown' || !value.trim()) return;
    tries.current.push(value.trim());
    const check = checkSpelling(w.answer, value);
    if (check === 'right') {
      playFeedback('right');
      hear(w.audio);
      setState('right');
      finish();
      return;
    }
    playFeedback('wrong');
    if (tries.current.length >= MAX_TRIES) {
      setState('shown');
      hear(w.audio);
      finish();
      return;
    }
    setState(check);
    sayFeedback(check === 'almost' ? 'almost' : 'try_again');
    setValue('');
  };
  return (
    <div className={styles.stage} data-testid="word-spell" data-index={index} data-state={state}>
      <StagePicture picture={w.example.picture} />
      <section className={styles.task}>
        <div className={styles.row}>
          <ListenButton url={w.audio} />
          <p className={styles.meaning}>{w.meaning_cn}</p>
        </div>
        <LetterKeyboard
          word={w.answer.toLowerCase()}
          keys={w.keys}
          value={state === 'shown' ? w.answer.toLowerCase() : value}
          onChange={setValue}
          onSubmit={submit}
          disabled={state === 'right' || state === 'shown'}
        />
        <p className={styles.feedback} role="status">
          {(state === 'wrong' || state === 'almost') && (
            <img className={styles.feedbackIcon} src={mascotOops} alt="" />
          )}
          {state === 'wrong' && t('player.tryAgain')}
          {state === 'almost' && t('player.almost')}
          {state === 'right' && t('player.great')}
          {state === 'shown' && `${t('player.answerIs')} ${w.word}`}
        </p>
      </section>
    </div>
  );
}
