import { useRef, useState } from 'react';
import { playFeedback } from '../../../../../shared/audio';

/** How long the "right!" moment shows before the next question. */
export const RIGHT_PAUSE_MS = 900;

/**
 * One choice question after another: every tap is a try (kept in order, "b,a"); a wrong try
 * shakes with a soft sound and asks to try again (never a red "wrong" screen), the right one
 * chimes, celebrates and moves on. `record(index, tries)` is called once per question when it is answered right.
 */
export function useQuestions<Q extends { answer: string }>(
  questions: readonly Q[],
  record: (index: number, tries: string) => void,
  onDone: () => void,
) {
  const [index, setIndex] = useState(0);
  const [wrong, setWrong] = useState<string | null>(null);
  const [right, setRight] = useState<string | null>(null);
  const tries = useRef<string[]>([]);
  const question = questions[index] as Q;

  const pick = (key: string) => {
    if (right) return;
    tries.current.push(key);
    if (key !== question.answer) {
      playFeedback('wrong');
      setWrong(key);
      return false;
    }
    playFeedback('right');
    setWrong(null);
    setRight(key);
    record(index, tries.current.join(','));
    setTimeout(() => {
      tries.current = [];
      setRight(null);
      if (index === questions.length - 1) onDone();
      else setIndex((i) => i + 1);
    }, RIGHT_PAUSE_MS);
    return true;
  };
  return { index, question, pick, wrong, right };
}
