import type { TReviewCount, TVocabEntry } from '@picbook/contracts';
import { checkSpelling, letterKeys, shuffled } from '@picbook/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { createTrack, playFeedback } from '../../../shared/audio';
import { sayFeedback } from '../../../shared/audio/spoken-feedback';
import { useAppNavigate } from '../../../shared/navigation/app-navigate';
import { useRecorder } from '../../../shared/recorder';
import { queryClient } from '../../../shared/request/query-client';
import { Button } from '../../../shared/ui/Button';
import speakerIcon from '../../../shared/ui/icons/speaker.svg';
import mascotOops from '../../../shared/ui/illustrations/mascot-oops.svg';
import mascot from '../../../shared/ui/illustrations/mascot-welcome.svg';
import { MicButton } from '../../speech';
import { LetterKeyboard } from '../components/LetterKeyboard';
import { WordPicture } from '../components/WordPicture';
import { WordsProblem } from '../components/WordsProblem';
import { useReview, useVocabBook, wordKeys } from '../words-queries';
import styles from './WordsRecitePage.module.css';

type Mode = 'choose' | 'spell' | 'say';
/** Tries before the answer shows (the word then counts as wrong and comes back tomorrow). */
const MAX_TRIES = 3;
/** A spoken word at this score or better counts as right. */
const SAY_PASS = 60;

/** The exercise of the i-th word: listen-and-choose, spell, say — spelling only for 3+ letters. */
export function reciteMode(index: number, word: string): Mode {
  const mode = (['choose', 'spell', 'say'] as const)[index % 3] as Mode;
  return mode === 'spell' && word.replace(/[^a-z]/gi, '').length < 3 ? 'choose' : mode;
}

/** /words/recite/:bookId — recite the day's words of a book; each answer reschedules the word. */
export default function WordsRecitePage() {
  const { t } = useTranslation('words');
  const { bookId = '' } = useParams();
  const id = Number(bookId);
  const session = useVocabBook(id, 'recite');
  const all = useVocabBook(id, 'preview');
  const { back } = useAppNavigate();
  const review = useReview();
  const [index, setIndex] = useState(0);
  const [results, setResults] = useState<boolean[]>([]);
  const [count, setCount] = useState<TReviewCount | null>(null);
  // The session is fixed once shown; a new round reads a new one.
  useEffect(() => () => queryClient.removeQueries({ queryKey: wordKeys.book(id, 'recite') }), [id]);

  if (session.isError) return <WordsProblem message={session.error.message} />;
  const data = session.data;
  if (!data || !all.data) return <div className={styles.page} aria-busy="true" />;
  const total = count ?? data.review;
  const words = data.words;
  const entry = words[index];

  const answered = (correct: boolean, tries: number, ms: number) => {
    if (!entry) return;
    setResults((r) => [...r, correct]);
    review.mutate(
      { book_id: id, word: entry.word, correct: correct ? 1 : 0, tries, ms },
      { onSuccess: (r) => setCount(r.review) },
    );
  };

  return (
    <div className={styles.page} data-testid="words-recite">
      <header className={styles.header}>
        <h1>{data.title_cn}</h1>
        <span className={styles.left}>
          {t('reciteLeft', { n: Math.max(0, words.length - index) })}
        </span>
        <span className={styles.today} data-testid="recite-review-total" data-count={total.total}>
          {t('todayReview')} {t('todayCount', { n: total.total })}
        </span>
      </header>
      {entry ? (
        <ReciteItem
          key={`${index}-${entry.word}`}
          entry={entry}
          mode={reciteMode(index, entry.word)}
          others={all.data.words.filter((w) => w.word !== entry.word)}
          onAnswered={answered}
          onNext={() => setIndex((i) => i + 1)}
        />
      ) : (
        <section className={styles.finish} data-testid="recite-finish">
          <img src={mascot} alt="" />
          <div>
            <h2>{t('finishTitle')}</h2>
            <p>
              {t('finishSummary', { n: results.length, right: results.filter(Boolean).length })}
            </p>
            <p>{total.total > 0 ? t('finishNext', { n: total.total }) : t('finishAllDone')}</p>
            <div className={styles.finishActions}>
              <Button variant="sky" onClick={() => void back('/words')}>
                {t('backToWords')}
              </Button>
              <Button
                variant="grass"
                onClick={() => {
                  setIndex(0);
                  setResults([]);
                  void queryClient.invalidateQueries({ queryKey: wordKeys.all });
                  void session.refetch();
                }}
                data-testid="recite-again"
              >
                {t('again')}
              </Button>
            </div>
          </div>
        </section>
      )}
    </div>
  );
}

interface ItemProps {
  entry: TVocabEntry;
  mode: Mode;
  others: TVocabEntry[];
  onAnswered(correct: boolean, tries: number, ms: number): void;
  onNext(): void;
}

function ReciteItem({ entry, mode, others, onAnswered, onNext }: ItemProps) {
  const { t } = useTranslation('words');
  const started = useRef(Date.now());
  const [tries, setTries] = useState(0);
  const [state, setState] = useState<'asking' | 'wrong' | 'almost' | 'right' | 'shown'>('asking');
  const say = () => createTrack({ url: entry.audio }).play();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per word
  useEffect(() => {
    if (mode !== 'say') say();
  }, []);
  const done = state === 'right' || state === 'shown';

  const attempt = (ok: boolean, almost = false) => {
    if (done) return;
    const n = tries + 1;
    setTries(n);
    if (ok) {
      playFeedback('right');
      say();
      setState('right');
      onAnswered(true, n, Date.now() - started.current);
      return;
    }
    playFeedback('wrong');
    if (n >= MAX_TRIES) {
      setState('shown');
      say();
      onAnswered(false, n, Date.now() - started.current);
      return;
    }
    setState(almost ? 'almost' : 'wrong');
    // Said aloud too: the child may not read it yet (decision 099).
    sayFeedback(almost ? 'almost' : 'think_again');
  };

  return (
    <div
      className={styles.item}
      data-testid="recite-item"
      data-mode={mode}
      data-word={entry.word}
      data-state={state}
    >
      <div className={styles.prompt}>
        <WordPicture entry={entry} className={styles.picture} />
        <button type="button" className={styles.listen} onClick={say} aria-label={t('listenWord')}>
          <img src={speakerIcon} alt="" />
        </button>
      </div>
      <section className={styles.task}>
        <p className={styles.ask}>{t(`recitePrompts.${mode}`)}</p>
        {mode !== 'choose' && <p className={styles.meaning}>{entry.meaning_cn}</p>}
        {mode === 'choose' && (
          <ChooseWord entry={entry} others={others} done={done} onPick={(ok) => attempt(ok)} />
        )}
        {mode === 'spell' && (
          <SpellWord
            entry={entry}
            done={done}
            onTry={(typed) => {
              const check = checkSpelling(entry.word, typed);
              attempt(check === 'right', check === 'almost');
              return check;
            }}
          />
        )}
        {mode === 'say' && (
          <SayWord entry={entry} done={done} onScore={(score) => attempt(score >= SAY_PASS)} />
        )}
        <p className={styles.feedback} role="status">
          {state === 'right' && t('right')}
          {(state === 'wrong' || state === 'almost') && (
            <img className={styles.feedbackIcon} src={mascotOops} alt="" />
          )}
          {state === 'wrong' && t('tryAgain')}
          {state === 'almost' && t('almost')}
          {state === 'shown' && (
            <span lang="en" className={styles.answer}>
              {entry.word}
            </span>
          )}
        </p>
        <div className={styles.actions}>
          {done ? (
            <Button size="large" variant="grass" onClick={onNext} data-testid="recite-next">
              {t('next')}
            </Button>
          ) : (
            mode === 'say' && (
              <Button variant="ghost" onClick={onNext} data-testid="recite-skip">
                {t('skip')}
              </Button>
            )
          )}
        </div>
      </section>
    </div>
  );
}

function ChooseWord({
  entry,
  others,
  done,
  onPick,
}: {
  entry: TVocabEntry;
  others: TVocabEntry[];
  done: boolean;
  onPick(ok: boolean): void;
}) {
  const [wrong, setWrong] = useState<string[]>([]);
  const choices = shuffled(
    [
      entry.word,
      ...shuffled(others, entry.word)
        .slice(0, 2)
        .map((w) => w.word),
    ],
    `choose:${entry.word}`,
  );
  return (
    <div className={styles.choices}>
      {choices.map((w) => (
        <button
          key={w}
          type="button"
          lang="en"
          className={`${styles.choice} ${wrong.includes(w) ? `${styles.shake} ${styles.wrongChoice}` : ''} ${done && w === entry.word ? styles.rightChoice : ''}`}
          disabled={done || wrong.includes(w)}
          onClick={() => {
            if (w !== entry.word) setWrong((x) => [...x, w]);
            onPick(w === entry.word);
          }}
          data-testid="recite-choice"
          data-word={w}
        >
          {w}
        </button>
      ))}
    </div>
  );
}

function SpellWord({
  entry,
  done,
  onTry,
}: {
  entry: TVocabEntry;
  done: boolean;
  onTry(typed: string): string;
}) {
  const [value, setValue] = useState('');
  return (
    <LetterKeyboard
      word={entry.word.toLowerCase()}
      keys={letterKeys(entry.word)}
      value={value}
      onChange={setValue}
      disabled={done}
      onSubmit={() => {
        if (onTry(value) !== 'right') setValue('');
      }}
    />
  );
}

function SayWord({
  entry,
  done,
  onScore,
}: {
  entry: TVocabEntry;
  done: boolean;
  onScore(score: number): void;
}) {
  const { t } = useTranslation('words');
  const recorder = useRecorder({ maxSeconds: 6 });
  const reported = useRef<string | null>(null);
  const result = recorder.result;
  const answer = recorder.answer;
  useEffect(() => {
    if (!result || !answer || reported.current === answer.session_id) return;
    reported.current = answer.session_id;
    onScore(result.score);
    if (result.score < SAY_PASS) recorder.reset();
  }, [result, answer, onScore, recorder]);
  return (
    <div className={styles.say}>
      <p className={styles.sayWord} lang="en">
        {entry.word}
      </p>
      {!done && (
        <MicButton
          state={recorder.state}
          level={recorder.level}
          seconds={recorder.seconds}
          maxSeconds={recorder.maxSeconds}
          onStart={() => void recorder.start(entry.word)}
          onStop={recorder.stop}
        />
      )}
      {result && (
        <p className={styles.sayScore}>
          {result.score >= SAY_PASS ? t('sayRight') : result.feedback}
        </p>
      )}
    </div>
  );
}
