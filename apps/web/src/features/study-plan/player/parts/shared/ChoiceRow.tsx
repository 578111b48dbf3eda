import type { TCoursePart } from '@picbook/contracts';
import { PART_EXAM_TYPES } from '@picbook/domain';
import { useTranslation } from 'react-i18next';
import mascotOops from '../../../../../shared/ui/illustrations/mascot-oops.svg';
import { itemId, type PartProps } from '../../part-props';
import { useQuestions } from './use-question';
import styles from './word-parts.module.css';

/**
 * useQuestions for a part whose items are choices in the standard format: each item answered
 * right records its tries under the part's exam type.
 */
export function useChoiceItems<Q extends { answer: string }>(
  part: TCoursePart,
  items: readonly Q[],
  { onAnswer, onDone }: Pick<PartProps, 'onAnswer' | 'onDone'>,
) {
  return useQuestions(
    items,
    (i, tries) =>
      onAnswer({ examType: PART_EXAM_TYPES[part.type], id: itemId(part, i), answer: tries }),
    onDone,
  );
}

type Question = ReturnType<typeof useQuestions>;

/** Big English options in a row; a wrong one shakes, the right one turns green. */
export function ChoiceRow({
  q,
  options,
  testId,
  onPicked,
}: {
  q: Pick<Question, 'index' | 'wrong' | 'right' | 'pick'>;
  options: readonly string[];
  testId: string;
  onPicked?: (key: string, right: boolean) => void;
}) {
  return (
    <div className={styles.row}>
      {options.map((c) => (
        <button
          key={`${q.index}-${c}`}
          type="button"
          lang="en"
          className={`${styles.option} ${q.wrong === c ? `${styles.shake} ${styles.wrong}` : ''} ${q.right === c ? styles.right : ''}`}
          onClick={() => {
            const right = q.pick(c) === true;
            onPicked?.(c, right);
          }}
          data-testid={testId}
          data-key={c}
        >
          {c}
        </button>
      ))}
    </div>
  );
}

/** "Try again" after a wrong try, "great" after the right one. */
export function AnswerNote({ q }: { q: Pick<Question, 'wrong' | 'right'> }) {
  const { t } = useTranslation('studyPlan');
  return (
    <p className={styles.feedback} role="status">
      {q.wrong && <img className={styles.feedbackIcon} src={mascotOops} alt="" />}
      {q.wrong ? t('player.tryAgain') : q.right ? t('player.great') : ''}
    </p>
  );
}
