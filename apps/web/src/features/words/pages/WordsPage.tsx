import type { TVocabStatus, TVocabs } from '@picbook/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useJump } from '../../../shared/navigation/jump';
import { storage } from '../../../shared/platform/storage';
import { initialLevel, LEARNING_LEVEL_KEY } from '../../../shared/settings/learning-level';
import { useStartup } from '../../../shared/startup/startup-store';
import { Button } from '../../../shared/ui/Button';
import oops from '../../../shared/ui/illustrations/mascot-oops.svg';
import { useVocabs } from '../words-queries';
import styles from './WordsPage.module.css';

const STATUSES: TVocabStatus[] = ['learned', 'learning', 'new'];

/** /words — the child's words by level: today's review, learned / learning / new, books to pick from. */
export default function WordsPage() {
  const { t } = useTranslation('words');
  const levels = useStartup((s) => s.configs?.levels ?? []);
  const user = useStartup((s) => s.user);
  const [level, setLevel] = useState(() =>
    initialLevel(user?.level, storage.get(LEARNING_LEVEL_KEY)),
  );
  const vocabs = useVocabs(level);
  return (
    <div className={styles.page} data-testid="words-page">
      <div className={styles.levels} role="tablist" aria-label={t('levelsTitle')}>
        {levels.map((l) => (
          <button
            key={l.level}
            type="button"
            role="tab"
            aria-selected={l.level === level}
            className={`${styles.level} ${l.level === level ? styles.selected : ''}`}
            style={{ '--level': l.color } as React.CSSProperties}
            onClick={() => {
              setLevel(l.level);
              storage.set(LEARNING_LEVEL_KEY, String(l.level));
            }}
          >
            {t('level', { level: l.level })}
          </button>
        ))}
      </div>
      {vocabs.isError ? (
        <section className={styles.problem} role="alert">
          <img src={oops} alt="" />
          <h2>{t('loadFailed')}</h2>
          <Button variant="secondary" onClick={() => void vocabs.refetch()}>
            {t('retry')}
          </Button>
        </section>
      ) : !vocabs.data ? (
        <div className={styles.skeleton} aria-busy="true" />
      ) : (
        <WordsHome data={vocabs.data} />
      )}
    </div>
  );
}

/**
 * A word once in a status list although several books of the level teach it ("see" in two books):
 * the first book's, due if any book's card is due today.
 */
export function uniqueWords(words: TVocabs['words']): TVocabs['words'] {
  const byWord = new Map<string, TVocabs['words'][number]>();
  for (const w of words) {
    const key = w.word.toLowerCase();
    const seen = byWord.get(key);
    if (!seen) byWord.set(key, w);
    else if (w.due_today && !seen.due_today) byWord.set(key, { ...seen, due_today: true });
  }
  return [...byWord.values()];
}

function WordsHome({ data }: { data: TVocabs }) {
  const { t } = useTranslation('words');
  const jump = useJump();
  const [status, setStatus] = useState<TVocabStatus>(data.counts.learning > 0 ? 'learning' : 'new');
  // Recite where the day's work is: the first book with due words, else with new words.
  const reciteBook =
    data.books.find((b) => b.due > 0) ??
    data.books.find((b) => b.word_count > b.learned + b.learning) ??
    data.books[0];
  const words = uniqueWords(data.words.filter((w) => w.status === status));
  return (
    <div className={styles.home}>
      <section className={styles.today} data-testid="words-today">
        <div className={styles.todayHead}>
          <h2>{t('todayReview')}</h2>
          <p
            className={styles.todayCount}
            data-testid="review-total"
            data-count={data.review.total}
          >
            {t('todayCount', { n: data.review.total })}
          </p>
        </div>
        <p className={styles.todayDetail}>
          {data.review.total > 0
            ? t('todayDetail', { due: data.review.due, fresh: data.review.new_words })
            : t('todayDone')}
        </p>
        {reciteBook && (
          <Button
            variant="grass"
            onClick={() => jump('wordsRecite', { bookId: reciteBook.book_id })}
            data-testid="start-recite"
          >
            {t('startRecite')}
          </Button>
        )}
        <div className={styles.statusTabs} role="tablist">
          {STATUSES.map((s) => (
            <button
              key={s}
              type="button"
              role="tab"
              aria-selected={s === status}
              className={`${styles.statusTab} ${styles[s]} ${s === status ? styles.on : ''}`}
              onClick={() => setStatus(s)}
              data-testid={`status-${s}`}
            >
              <strong>{data.counts[s]}</strong>
              <span>{t(`status.${s}`)}</span>
            </button>
          ))}
        </div>
        <ul className={styles.wordChips} data-testid="status-words">
          {words.length === 0 && <li className={styles.empty}>{t('noWords')}</li>}
          {words.map((w) => (
            <li key={`${w.book_id}-${w.word}`}>
              <button
                type="button"
                onClick={() =>
                  jump('wordsDetail', { bookId: w.book_id }, { search: { word: w.word } })
                }
                className={w.due_today ? styles.due : undefined}
                data-testid="status-word"
                data-word={w.word}
              >
                <span lang="en">{w.word}</span> <small>{w.meaning_cn}</small>
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section className={styles.books}>
        <h2>{t('booksTitle')}</h2>
        <div className={styles.bookGrid}>
          {data.books.map((b) => (
            <article
              key={b.book_id}
              className={styles.book}
              data-testid="words-book"
              data-book={b.book_id}
            >
              <button
                type="button"
                className={styles.cover}
                onClick={() => jump('wordsPreview', { bookId: b.book_id })}
                style={{ backgroundImage: `url(${b.cover.placeholder})` }}
              >
                <img src={b.cover.image_small} alt="" />
                {b.due > 0 && <span className={styles.badge}>{t('bookDue', { n: b.due })}</span>}
              </button>
              <h3>{b.title_cn}</h3>
              <p lang="en">{b.title_en}</p>
              <div className={styles.meter} aria-hidden="true">
                <span style={{ width: `${(100 * b.learned) / Math.max(1, b.word_count)}%` }} />
                <span
                  className={styles.meterLearning}
                  style={{ width: `${(100 * b.learning) / Math.max(1, b.word_count)}%` }}
                />
              </div>
              <p className={styles.small}>
                {t('bookProgress', { learned: b.learned, total: b.word_count })}
              </p>
              <div className={styles.bookActions}>
                <Button
                  size="small"
                  variant="sky"
                  onClick={() => jump('wordsPreview', { bookId: b.book_id })}
                >
                  {t('preview')}
                </Button>
                <Button size="small" onClick={() => jump('wordsRecite', { bookId: b.book_id })}>
                  {t('recite')}
                </Button>
              </div>
            </article>
          ))}
        </div>
      </section>
    </div>
  );
}
