import type { TCoursePartOf } from '@picbook/contracts';
import { PART_EXAM_TYPES } from '@picbook/domain';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { playFeedback } from '../../../../../shared/audio';
import { sayFeedback } from '../../../../../shared/audio/spoken-feedback';
import mascotOops from '../../../../../shared/ui/illustrations/mascot-oops.svg';
import { itemId, type PartProps } from '../../part-props';
import { RIGHT_PAUSE_MS } from '../shared/use-question';
import styles from '../shared/word-parts.module.css';

const MAX_TRIES = 3;

/** image_sort: tap the story's pictures in the order they happen (a number shows on each). */
export function ImageSortPart({ part, onAnswer, onDone }: PartProps<TCoursePartOf<'image_sort'>>) {
  const { t } = useTranslation('studyPlan');
  const [order, setOrder] = useState<string[]>([]);
  const [state, setState] = useState<'asking' | 'wrong' | 'right' | 'shown'>('asking');
  const tries = useRef<string[]>([]);
  const locked = state === 'right' || state === 'shown';
  const tap = (key: string) => {
    if (locked) return;
    if (order.includes(key)) {
      setOrder(order.slice(0, order.indexOf(key)));
      return;
    }
    const next = [...order, key];
    setOrder(next);
    if (next.length < part.pictures.length) return;
    tries.current.push(next.join(''));
    const right = next.join('') === part.answer;
    const shown = !right && tries.current.length >= MAX_TRIES;
    playFeedback(right ? 'right' : 'wrong');
    if (!right && !shown) {
      setState('wrong');
      sayFeedback('try_again');
      setTimeout(() => setOrder([]), RIGHT_PAUSE_MS / 2);
      return;
    }
    if (shown) setOrder([...part.answer]);
    setState(right ? 'right' : 'shown');
    onAnswer({
      examType: PART_EXAM_TYPES.image_sort,
      id: itemId(part, 0),
      answer: tries.current.join(','),
    });
    setTimeout(onDone, RIGHT_PAUSE_MS * (shown ? 2 : 1));
  };
  return (
    <div className={styles.task} data-testid="image-sort" data-state={state}>
      <div className={`${styles.row} ${state === 'wrong' ? styles.shake : ''}`}>
        {part.pictures.map((p) => {
          const at = order.indexOf(p.key);
          return (
            <button
              key={p.key}
              type="button"
              className={`${styles.pic} ${locked ? styles.right : ''}`}
              style={{ backgroundImage: `url(${p.placeholder})`, width: '15rem' }}
              onClick={() => tap(p.key)}
              data-testid="sort-picture"
              data-key={p.key}
              aria-label={t('player.pictureN', { n: part.pictures.indexOf(p) + 1 })}
            >
              <img src={p.image_small} alt="" />
              {at >= 0 && <span className={styles.badge}>{at + 1}</span>}
            </button>
          );
        })}
      </div>
      <p className={styles.feedback} role="status">
        {state === 'wrong' && <img className={styles.feedbackIcon} src={mascotOops} alt="" />}
        {state === 'wrong' && t('player.tryAgain')}
        {state === 'right' && t('player.great')}
      </p>
    </div>
  );
}
