import type { TCoursePage } from '@picbook/contracts';
import { activeWordAt, PART_EXAM_TYPES, sentencePieces } from '@picbook/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTrack } from '../../../../../shared/audio';
import { Button } from '../../../../../shared/ui/Button';
import type { PartProps } from '../../part-props';
import styles from '../parts.module.css';

type ReadingPart = PartProps['part'] & { type: 'book_read' | 'auto_reading'; pages: TCoursePage[] };

/** Gap after a page's narration before an automatic page turn. */
const TURN_GAP_MS = 1200;

/**
 * A book's pages with their narration and the words lighting up. `auto`: the pages turn by
 * themselves after the narration (auto reading); otherwise the child turns them (book read).
 * The time spent is the answer (read time).
 */
export function PageReader({
  part,
  auto,
  onAnswer,
  onDone,
}: Omit<PartProps, 'part'> & { part: ReadingPart; auto: boolean }) {
  const { t } = useTranslation('studyPlan');
  const [index, setIndex] = useState(0);
  const started = useRef(performance.now());
  const page = part.pages[index] as TCoursePage;
  const isLast = index === part.pages.length - 1;
  const narration = useTrack({ url: page.audio, needProgress: true });
  const lit =
    narration.state.state === 'playing'
      ? activeWordAt(page.words, narration.state.currentTime)
      : -1;
  const litWord = lit >= 0 ? page.words[lit] : undefined;

  // biome-ignore lint/correctness/useExhaustiveDependencies: each page starts with its narration
  useEffect(() => {
    narration.track.play();
  }, [index]);

  const finish = () => {
    narration.track.stop();
    onAnswer({
      examType: PART_EXAM_TYPES[part.type],
      id: `${part.part}.1`,
      readTime: Math.round((performance.now() - started.current) / 1000),
    });
    onDone();
  };
  const next = () => (isLast ? finish() : setIndex((i) => i + 1));

  const ended = narration.state.state === 'ended';
  // biome-ignore lint/correctness/useExhaustiveDependencies: turn once the narration has ended
  useEffect(() => {
    if (!auto || !ended) return;
    const timer = setTimeout(next, TURN_GAP_MS);
    return () => clearTimeout(timer);
  }, [auto, ended]);

  return (
    <div className={styles.reader} data-testid="page-reader" data-page={page.page}>
      <figure
        className={styles.readerPicture}
        style={{ backgroundImage: `url(${page.placeholder})` }}
      >
        <img src={page.image} alt="" key={page.image} />
      </figure>
      <div className={styles.readerText} lang="en">
        {page.sentences.map((s, si) => (
          <SentenceWords
            key={`${page.page}-${s.en}`}
            text={s.en}
            zh={s.zh}
            words={page.words.filter((w) => w.s === si)}
            litOffset={litWord?.s === si ? litWord.o : -1}
          />
        ))}
      </div>
      <div className={styles.readerBar}>
        {!auto && (
          <Button variant="secondary" disabled={index === 0} onClick={() => setIndex((i) => i - 1)}>
            {t('player.prevPage')}
          </Button>
        )}
        <span className={styles.pageOf}>
          {t('player.pageOf', { n: index + 1, total: part.pages.length })}
        </span>
        {auto ? (
          <Button
            variant="secondary"
            onClick={() =>
              narration.state.state === 'playing'
                ? narration.track.pause()
                : narration.track.resume()
            }
          >
            {narration.state.state === 'playing' ? t('player.pause') : t('player.play')}
          </Button>
        ) : null}
        <Button
          size="large"
          variant={isLast ? 'grass' : 'primary'}
          onClick={next}
          data-testid="reader-next"
        >
          {isLast ? t('player.readDone') : t('player.nextPage')}
        </Button>
      </div>
    </div>
  );
}

function SentenceWords({
  text,
  zh,
  words,
  litOffset,
}: {
  text: string;
  zh: string;
  words: Array<{ w: string; o: number; start: number; end: number }>;
  litOffset: number;
}) {
  const pieces = useMemo(() => sentencePieces(text, words), [text, words]);
  return (
    <p className={styles.sentence}>
      <span>
        {pieces.map((piece) => (
          <span
            key={piece.at}
            className={piece.word !== null && piece.at === litOffset ? styles.lit : undefined}
          >
            {piece.text}
          </span>
        ))}
      </span>
      <span className={styles.zh}>{zh}</span>
    </p>
  );
}
