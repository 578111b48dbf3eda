import type { TSpeechAnswer, TVocabEntry } from '@picbook/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { createTrack, useTrack } from '../../../shared/audio';
import { useJump } from '../../../shared/navigation/jump';
import { useRecorder } from '../../../shared/recorder';
import { Button } from '../../../shared/ui/Button';
import speakerIcon from '../../../shared/ui/icons/speaker.svg';
import lost from '../../../shared/ui/illustrations/mascot-lost.svg';
import { StateScreen } from '../../../shared/ui/StateScreen';
import { MicButton, ScoreView, useEachRecording } from '../../speech';
import { ExampleText, WordPicture } from '../components/WordPicture';
import { WordsProblem } from '../components/WordsProblem';
import { useVocabBook } from '../words-queries';
import styles from './WordsDetailPage.module.css';

/**
 * /words/detail/:bookId — a word card per word: hear it, say it (scored by the server), see it in
 * the book. `?word=see` starts on that word (a tap on a word of the 单词 tab opens its own card).
 */
export default function WordsDetailPage() {
  const { t } = useTranslation('words');
  const { bookId = '' } = useParams();
  const id = Number(bookId);
  const book = useVocabBook(id, 'detail');
  const [search] = useSearchParams();
  const [picked, setIndex] = useState<number | null>(null);
  const jump = useJump();
  if (book.isError) return <WordsProblem message={book.error.message} />;
  const data = book.data;
  if (!data) return <div className={styles.page} aria-busy="true" />;
  const wanted = search.get('word')?.toLowerCase();
  const index =
    picked ??
    Math.max(
      0,
      data.words.findIndex((w) => w.word.toLowerCase() === wanted),
    );
  const entry = data.words[index];
  if (!entry) return <StateScreen art={lost} title={t('noWords')} />;
  const total = data.words.length;
  return (
    <div className={styles.page} data-testid="words-detail" data-index={index}>
      <WordCard key={entry.word} entry={entry} />
      <nav className={styles.nav}>
        <Button variant="secondary" disabled={index === 0} onClick={() => setIndex(index - 1)}>
          {t('prev')}
        </Button>
        <span className={styles.counter}>{t('wordOf', { n: index + 1, total })}</span>
        {index < total - 1 ? (
          <Button variant="sky" onClick={() => setIndex(index + 1)} data-testid="detail-next">
            {t('next')}
          </Button>
        ) : (
          <Button variant="grass" onClick={() => jump('wordsRecite', { bookId: id })}>
            {t('recite')}
          </Button>
        )}
      </nav>
    </div>
  );
}

function WordCard({ entry }: { entry: TVocabEntry }) {
  const { t } = useTranslation('words');
  const recorder = useRecorder({ maxSeconds: 6 });
  const model = useTrack({ url: entry.audio });
  const [answer, setAnswer] = useState<TSpeechAnswer | null>(null);
  useEachRecording(recorder.answer, setAnswer);
  const result = recorder.result;
  return (
    <div className={styles.card}>
      <div className={styles.left}>
        <WordPicture entry={entry} className={styles.picture} />
        <button
          type="button"
          className={styles.example}
          onClick={() => entry.example_audio && createTrack({ url: entry.example_audio }).play()}
          aria-label={t('listenSentence')}
        >
          <span lang="en">
            <ExampleText example={entry.example} word={entry.word} />
          </span>
          <small>{entry.example_zh}</small>
        </button>
      </div>
      <section className={styles.right}>
        <div className={styles.wordRow}>
          <button
            type="button"
            className={styles.listen}
            onClick={() => model.track.play()}
            aria-label={t('listenWord')}
            data-testid="detail-hear"
          >
            <img src={speakerIcon} alt="" />
          </button>
          <h1 lang="en" data-testid="detail-word">
            {entry.word}
          </h1>
        </div>
        {!result && (
          <p className={styles.meaning}>
            <i lang="en">{entry.pos}</i> {entry.meaning_cn}
          </p>
        )}
        {result ? (
          <ScoreView
            result={result}
            recordingUrl={answer?.audio_url ?? null}
            modelAudio={{ url: entry.audio, words: [{ w: entry.word, start: 0, end: 30 }] }}
            onRetry={() => recorder.reset()}
          />
        ) : (
          <>
            <p className={styles.hint}>{t('sayIt')}</p>
            <MicButton
              state={recorder.state}
              level={recorder.level}
              seconds={recorder.seconds}
              maxSeconds={recorder.maxSeconds}
              onStart={() => {
                model.track.stop();
                void recorder.start(entry.word);
              }}
              onStop={recorder.stop}
            />
          </>
        )}
      </section>
    </div>
  );
}
