import type { TPicture } from '@picbook/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { playFeedback } from '../../../../../shared/audio';
import { sayFeedback } from '../../../../../shared/audio/spoken-feedback';
import mascotOops from '../../../../../shared/ui/illustrations/mascot-oops.svg';
import { RIGHT_PAUSE_MS } from './use-question';
import { hear } from './WordStage';
import styles from './word-parts.module.css';

export interface MatchEntry {
  /** The picture key that matches it. */
  answer: string;
  text: string;
  audio: string;
  lang?: 'en';
}

/**
 * Pairs, by taps (or Tab and Enter): choose an entry (it speaks), then its picture. A wrong
 * picture shakes with a soft sound; a right one chimes and both stay marked. `onMatched(i, tries)`
 * once per entry with the picture keys tried in order; `onDone` when all are paired.
 */
export function MatchBoard({
  entries,
  pictures,
  onMatched,
  onDone,
  testId,
}: {
  entries: readonly MatchEntry[];
  pictures: ReadonlyArray<TPicture & { key: string }>;
  onMatched(index: number, tries: string): void;
  onDone(): void;
  testId: string;
}) {
  const { t } = useTranslation('studyPlan');
  const [chosen, setChosen] = useState(0);
  const [matched, setMatched] = useState<Set<number>>(new Set());
  const [wrong, setWrong] = useState<string | null>(null);
  const tries = useRef<string[][]>(entries.map(() => []));
  const choose = (i: number) => {
    if (matched.has(i)) return;
    setChosen(i);
    setWrong(null);
    hear(entries[i]?.audio ?? '');
  };
  const pick = (key: string) => {
    const entry = entries[chosen];
    if (!entry || matched.has(chosen) || [...matched].some((m) => entries[m]?.answer === key))
      return;
    tries.current[chosen]?.push(key);
    if (key !== entry.answer) {
      playFeedback('wrong');
      sayFeedback('try_again');
      setWrong(key);
      return;
    }
    playFeedback('right');
    setWrong(null);
    onMatched(chosen, tries.current[chosen]?.join(',') ?? key);
    const next = new Set(matched).add(chosen);
    setMatched(next);
    if (next.size === entries.length) {
      setTimeout(onDone, RIGHT_PAUSE_MS);
      return;
    }
    const open = entries.findIndex((_, i) => !next.has(i));
    setChosen(open);
  };
  return (
    <div className={styles.match} data-testid={testId} data-matched={matched.size}>
      <div className={styles.matchList}>
        {entries.map((e, i) => (
          <button
            key={e.answer}
            type="button"
            className={`${styles.matchItem} ${i === chosen && !matched.has(i) ? styles.selected : ''} ${matched.has(i) ? styles.right : ''}`}
            onClick={() => choose(i)}
            aria-pressed={i === chosen}
            data-testid="match-item"
            data-answer={e.answer}
          >
            <span lang={e.lang}>{e.text}</span>
          </button>
        ))}
        {wrong && (
          <p className={styles.feedback} role="status">
            <img className={styles.feedbackIcon} src={mascotOops} alt="" />
            {t('player.tryAgain')}
          </p>
        )}
      </div>
      <div className={styles.pics}>
        {pictures.map((p) => {
          const done = [...matched].some((m) => entries[m]?.answer === p.key);
          return (
            <button
              key={p.key}
              type="button"
              className={`${styles.pic} ${done ? styles.right : ''} ${wrong === p.key ? `${styles.shake} ${styles.wrong}` : ''}`}
              style={{ backgroundImage: `url(${p.placeholder})` }}
              onClick={() => pick(p.key)}
              data-testid="match-picture"
              data-key={p.key}
              aria-label={t('player.pictureN', { n: pictures.indexOf(p) + 1 })}
            >
              <img src={p.image_small} alt="" />
            </button>
          );
        })}
      </div>
    </div>
  );
}
