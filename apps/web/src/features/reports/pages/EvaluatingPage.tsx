import type { TGradeQuiz } from '@picbook/contracts';
import {
  asksGrade,
  basisLevel,
  PLACEMENT,
  placementAge,
  quizStartLevel,
  vocabularyLevel,
} from '@picbook/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { createTrack, getAudioEngine } from '../../../shared/audio';
import { chinaToday } from '../../../shared/format/china-day';
import { api } from '../../../shared/request/api';
import { useStartup } from '../../../shared/startup/startup-store';
import { Button } from '../../../shared/ui/Button';
import speaker from '../../../shared/ui/icons/speaker.svg';
import styles from './Evaluating.module.css';

type Screen = 'basis' | 'grade' | 'words' | 'quiz' | 'end';
type Choice = 'a' | 'b' | 'c';
type Words = Awaited<ReturnType<typeof loadWords>>;

/** The ages the test is for (the app is for 3–12). */
const AGES = Array.from(
  { length: PLACEMENT.maxAge - PLACEMENT.minAge + 1 },
  (_, i) => PLACEMENT.minAge + i,
);
/** The usual school grade at an age (0 kindergarten), preselected on the grade screen. */
const usualGrade = (age: number) => Math.min(9, Math.max(0, age - PLACEMENT.schoolAge));
const loadWords = (age: number, grade: number) => api('gradeWords', { query: { age, grade } });
const play = (url: string | null) => url && createTrack({ url }).play();

/** Click sounds are muted on the evaluation screens (spec §2); the earlier state comes back. */
function useMutedClicks() {
  useEffect(() => {
    const engine = getAudioEngine();
    const before = engine.isEffectsMuted();
    engine.setEffectsMuted(true);
    return () => engine.setEffectsMuted(before);
  }, []);
}

/**
 * /evaluating — the placement test (decisions 062, 095): basis (age; taken from the child's
 * birthday when set, asked only when empty), grade (from school age; a younger child is in
 * kindergarten), a vocabulary check, an adaptive listening (listen) and reading (exam) quiz asked
 * one question at a time by the server, then the end screen sends the answers; the server
 * recommends a level and the result screen shows the evidence and asks the parent to switch.
 */
export default function EvaluatingPage() {
  const { t } = useTranslation('reports');
  useMutedClicks();
  const navigate = useNavigate();
  // The age from the child's birthday (decision 090 leaves it empty until the parent sets it).
  const [birthdayAge] = useState(() =>
    placementAge(useStartup.getState().user?.children[0]?.birthday, chinaToday()),
  );
  const [screen, setScreen] = useState<Screen>(birthdayAge === null ? 'basis' : 'grade');
  const [age, setAge] = useState<number | null>(birthdayAge);
  const [grade, setGrade] = useState(usualGrade(birthdayAge ?? PLACEMENT.schoolAge));
  const [words, setWords] = useState<Words | null>(null);
  const [known, setKnown] = useState<Set<string>>(new Set());
  const [start, setStart] = useState(1);
  const [answers, setAnswers] = useState<Array<{ id: string; choice: Choice }>>([]);
  const [quiz, setQuiz] = useState<TGradeQuiz | null>(null);
  const [failed, setFailed] = useState(false);

  const grades = t('eval.grades', { returnObjects: true }) as string[];

  const toWords = async (forAge: number, forGrade: number) => {
    setWords(await loadWords(forAge, forGrade));
    setScreen('words');
  };

  /** After the age: the grade from school age on, else (kindergarten) straight to the words. */
  const afterAge = (forAge: number) => {
    if (asksGrade(forAge)) {
      setGrade(usualGrade(forAge));
      setScreen('grade');
    } else {
      setGrade(0);
      setScreen('words');
      void toWords(forAge, 0);
    }
  };

  // A kindergarten child whose age the birthday gives: no question before the words.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on opening.
  useEffect(() => {
    if (birthdayAge !== null && !asksGrade(birthdayAge)) afterAge(birthdayAge);
  }, []);

  const toQuiz = () => {
    if (!words || age === null) return;
    const rows = [1, 2, 3, 4, 5, 6].map((level) => {
      const of = words.words.filter((w) => w.level === level);
      return { level, shown: of.length, known: of.filter((w) => known.has(w.id)).length };
    });
    setStart(quizStartLevel(basisLevel(age, grade), vocabularyLevel(rows)));
    setScreen('quiz');
  };

  // The next question after the answers so far (the server's staircase).
  useEffect(() => {
    if (screen !== 'quiz') return;
    let live = true;
    const pairs = answers.map((a) => `${a.id}:${a.choice}`).join(',');
    void api('gradeQuiz', { query: { start, answers: pairs } }).then((next) => {
      if (!live) return;
      setQuiz(next);
      if (next.done || !next.item) setScreen('end');
      else if (next.item.kind === 'listen') play(next.item.audio);
    });
    return () => {
      live = false;
    };
  }, [screen, start, answers]);

  const finish = async () => {
    if (!words || age === null) return;
    setFailed(false);
    try {
      const result = await api('grading', {
        body: {
          age,
          grade,
          known_words: [...known],
          shown_words: words.words.map((w) => w.id),
          answers,
        },
      });
      // The result screen shows the evidence and asks the parent (nothing is switched here).
      void navigate(`/evaluating/finished/${result.level}`, { replace: true, state: result });
    } catch {
      setFailed(true);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: sent once when the end screen opens.
  useEffect(() => {
    if (screen === 'end') void finish();
  }, [screen]);

  if (screen === 'basis') {
    return (
      <main className={styles.screen} data-testid="evaluating" data-screen="basis">
        <h1 className={styles.heading}>{t('eval.basisTitle')}</h1>
        <p className={styles.hint}>{t('eval.age')}</p>
        <div className={styles.row}>
          {AGES.map((a) => (
            <button
              key={a}
              type="button"
              className={`${styles.pick} ${a === age ? styles.pickOn : ''}`}
              aria-pressed={a === age}
              onClick={() => setAge(a)}
            >
              {t('eval.ageValue', { n: a })}
            </button>
          ))}
        </div>
        <Button size="large" disabled={age === null} onClick={() => age !== null && afterAge(age)}>
          {age !== null && !asksGrade(age) ? t('eval.start') : t('eval.next')}
        </Button>
      </main>
    );
  }

  if (screen === 'grade' && age !== null) {
    return (
      <main className={styles.screen} data-testid="evaluating" data-screen="grade">
        <h1 className={styles.heading}>{t('eval.basisTitle')}</h1>
        {birthdayAge !== null && (
          <p className={styles.hint} data-testid="eval-birthday-age">
            {t('eval.ageFromBirthday', { n: age })}{' '}
            <button type="button" className={styles.link} onClick={() => setScreen('basis')}>
              {t('eval.changeAge')}
            </button>
          </p>
        )}
        <p className={styles.hint}>{t('eval.grade')}</p>
        <div className={styles.row}>
          {grades.map((g, i) => (
            <button
              key={g}
              type="button"
              className={`${styles.pick} ${i === grade ? styles.pickOn : ''}`}
              aria-pressed={i === grade}
              onClick={() => setGrade(i)}
            >
              {g}
            </button>
          ))}
        </div>
        <Button size="large" onClick={() => void toWords(age, grade)}>
          {t('eval.start')}
        </Button>
      </main>
    );
  }

  if (screen === 'words' && words) {
    return (
      <main className={styles.screen} data-testid="evaluating" data-screen="words">
        <h1 className={styles.heading}>{t('eval.wordsTitle')}</h1>
        <p className={styles.hint}>{t('eval.wordsHint')}</p>
        <div className={styles.words}>
          {words.words.map((w) => {
            const on = known.has(w.id);
            return (
              <button
                key={w.id}
                type="button"
                className={`${styles.word} ${on ? styles.wordOn : ''}`}
                aria-pressed={on}
                data-testid="eval-word"
                data-level={w.level}
                onClick={() => {
                  play(w.audio);
                  const next = new Set(known);
                  if (on) next.delete(w.id);
                  else next.add(w.id);
                  setKnown(next);
                }}
              >
                {w.word}
                <img className={styles.speaker} src={speaker} alt="" />
              </button>
            );
          })}
        </div>
        <Button size="large" onClick={toQuiz} data-testid="eval-words-next">
          {t('eval.next')}
        </Button>
      </main>
    );
  }

  const item = screen === 'quiz' ? quiz?.item : null;
  if (item && quiz) {
    const isListen = item.kind === 'listen';
    return (
      <main
        className={styles.screen}
        data-testid="evaluating"
        data-screen={isListen ? 'listen' : 'exam'}
        data-level={quiz.level}
        data-item={item.id}
      >
        <p className={styles.hint}>
          {t('eval.progress', { n: quiz.asked + 1, total: quiz.total })}
        </p>
        <h1 className={styles.heading}>{isListen ? t('eval.listenTitle') : t('eval.readTitle')}</h1>
        {isListen ? (
          <Button variant="sky" onClick={() => play(item.audio)}>
            <img className={styles.speaker} src={speaker} alt="" /> {t('eval.play')}
          </Button>
        ) : (
          item.image && <img className={styles.picture} src={item.image} alt="" />
        )}
        <div className={styles.options}>
          {item.options.map((o) => (
            <button
              key={o.key}
              type="button"
              className={styles.option}
              data-testid="eval-option"
              data-key={o.key}
              onClick={() => setAnswers([...answers, { id: item.id, choice: o.key }])}
            >
              {o.image ? <img src={o.image} alt={o.key} /> : o.text}
            </button>
          ))}
        </div>
      </main>
    );
  }

  // Waiting for the words or the next question (or sending the answers): the screen says so and
  // does not pass for the screen it waits for.
  return (
    <main
      className={styles.screen}
      data-testid="evaluating"
      data-screen={screen === 'end' ? 'end' : 'loading'}
      aria-busy={!failed}
    >
      <p className={styles.hint}>
        {screen !== 'end'
          ? t('eval.loading')
          : failed
            ? t('eval.submitFailed')
            : t('eval.submitting')}
      </p>
      {failed && <Button onClick={() => void finish()}>{t('retry')}</Button>}
    </main>
  );
}
