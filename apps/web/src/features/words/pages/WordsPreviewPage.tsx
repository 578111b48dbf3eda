import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { createTrack } from '../../../shared/audio';
import { useJump } from '../../../shared/navigation/jump';
import { Button } from '../../../shared/ui/Button';
import speakerIcon from '../../../shared/ui/icons/speaker.svg';
import { ExampleText, WordPicture } from '../components/WordPicture';
import { WordsProblem } from '../components/WordsProblem';
import { useVocabBook } from '../words-queries';
import styles from './WordsPreviewPage.module.css';

const say = (url: string | null) => {
  if (url) createTrack({ url }).play();
};

/** /words/preview/:bookId — every word of a book: picture, meaning, the book's sentence; tap to hear. */
export default function WordsPreviewPage() {
  const { t } = useTranslation('words');
  const { bookId = '' } = useParams();
  const id = Number(bookId);
  const book = useVocabBook(id, 'preview');
  const jump = useJump();
  if (book.isError) return <WordsProblem message={book.error.message} />;
  const data = book.data;
  if (!data) return <div className={styles.page} aria-busy="true" />;
  return (
    <div className={styles.page} data-testid="words-preview">
      <header className={styles.header}>
        <div>
          <h1>{data.title_cn}</h1>
          <p lang="en">{data.title_en}</p>
        </div>
        <Button variant="sky" onClick={() => jump('wordsDetail', { bookId: id })}>
          {t('cards')}
        </Button>
        <Button
          variant="grass"
          onClick={() => jump('wordsRecite', { bookId: id })}
          data-testid="preview-recite"
        >
          {t('recite')}
        </Button>
      </header>
      <ul className={styles.cards}>
        {data.words.map((w) => (
          <li key={w.word} className={styles.card} data-testid="preview-word" data-word={w.word}>
            <button
              type="button"
              className={styles.pictureButton}
              onClick={() => say(w.audio)}
              aria-label={`${t('listenWord')} ${w.word}`}
            >
              <WordPicture entry={w} />
            </button>
            <div className={styles.wordRow}>
              <button
                type="button"
                className={styles.listen}
                onClick={() => say(w.audio)}
                aria-label={t('listenWord')}
                data-testid="hear-word"
                data-audio={w.audio}
              >
                <img src={speakerIcon} alt="" />
              </button>
              <span className={styles.word} lang="en">
                {w.word}
              </span>
              <span className={`${styles.status} ${styles[w.status]}`}>
                {t(`status.${w.status}`)}
              </span>
            </div>
            <p className={styles.meaning}>
              <i lang="en">{w.pos}</i> {w.meaning_cn}
            </p>
            <button
              type="button"
              className={styles.example}
              onClick={() => say(w.example_audio ?? w.audio)}
              aria-label={t('listenSentence')}
              data-testid="hear-sentence"
            >
              <span lang="en">
                <ExampleText example={w.example} word={w.word} />
              </span>
              <small>{w.example_zh}</small>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
