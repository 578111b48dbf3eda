import { useEffect, useRef, useState } from 'react';
import { playFeedback, type Track } from '../../../../../shared/audio';
import { sayFeedback } from '../../../../../shared/audio/spoken-feedback';

/** How long the "right!" moment shows before the next question. */
export const RIGHT_PAUSE_MS = 900;

/**
 * One choice question after another: every tap is a try (kept in order, "b,a"); a wrong try
 * shakes with a soft sound and asks to try again (never a red "wrong" screen), the right one
 * chimes, celebrates and moves on. `record(index, tries)` is called once per question when it is answered right.
 * A wrong try is also said aloud (「再想想，再试一次！」 in the owl's voice, decision 099), followed by
 * `replay()`'s model audio when the part has one (the sentence to listen to again).
 */
export function useQuestions<Q extends { answer: string }>(
  questions: readonly Q[],
  record: (index: number, tries: string) => void,
  onDone: () => void,
  replay?: () => string | null | undefined,
) {
  const [index, setIndex] = useState(0);
  const [wrong, setWrong] = useState<string | null>(null);
  const [right, setRight] = useState<string | null>(null);
  const tries = useRef<string[]>([]);
  const question = questions[index] as Q;
  const said = useRef<Track | null>(null);
  useEffect(() => () => said.current?.destroy(), []);

  const pick = (key: string) => {
    if (right) return;
    tries.current.push(key);
    if (key !== question.answer) {
      playFeedback('wrong');
      said.current?.destroy();
      said.current = sayFeedback('try_again', replay?.());
      setWrong(key);
      return false;
    }
    playFeedback('right');
    said.current?.destroy();
    said.current = null;
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
