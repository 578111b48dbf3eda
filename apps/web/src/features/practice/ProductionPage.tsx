import type { TBook, TRankDetail } from '@picbook/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { createTrack, type Track } from '../../shared/audio';
import { useJump } from '../../shared/navigation/jump';
import { Button } from '../../shared/ui/Button';
import oopsArt from '../../shared/ui/illustrations/mascot-oops.svg';
import { StateScreen } from '../../shared/ui/StateScreen';
import { useBook } from '../library';
import { useRankDetail } from '../works';
import styles from './Production.module.css';

/** How long a page without a recording stays before the next (ms). */
const SILENT_PAGE_MS = 1800;
const BETWEEN_CLIPS_MS = 350;

export interface ProductionPageModel {
  page: number;
  image: string;
  placeholder: string;
  /** The page's sentences with the child's recording of each (or of the whole page). */
  lines: Array<{ text: string; audio: string | null }>;
}

/**
 * The dubbed book of a work: each page of the book with the child's own recordings of it — a
 * sentence's recording (repeat) or the page's (speak). Pages the child did not record are shown
 * silently.
 */
export function productionPages(book: TBook, work: TRankDetail): ProductionPageModel[] {
  const byContent = new Map(work.items.map((item) => [item.content_id, item.audio_url]));
  return [...book.pages]
    .sort((a, b) => a.page - b.page)
    .map((page) => {
      const whole = byContent.get(`p${page.page}`);
      const lines = page.sentences.map((s, i) => ({
        text: s.en,
        audio: whole ? null : (byContent.get(`p${page.page}s${i + 1}`) ?? null),
      }));
      if (whole) {
        return {
          page: page.page,
          image: page.image,
          placeholder: page.placeholder,
          lines: [{ text: page.sentences.map((s) => s.en).join(' '), audio: whole }],
        };
      }
      return { page: page.page, image: page.image, placeholder: page.placeholder, lines };
    });
}

/**
 * /library/production/:bookId/:rankId — plays the dubbed book page by page with the child's own
 * voice (the line being played is lit), then goes to the production's finish screen (poster).
 */
export default function ProductionPage() {
  const { t } = useTranslation('practice');
  const { bookId = '', rankId = '' } = useParams();
  const book = useBook(Number(bookId));
  const work = useRankDetail(Number(rankId));
  if (book.isPending || work.isPending) return <div className={styles.page} />;
  if (!book.data || !work.data || book.data.book_info.lock === 1) {
    return (
      <StateScreen
        art={oopsArt}
        title={t('production.loadFailed')}
        actions={
          <Button
            onClick={() => {
              void book.refetch();
              void work.refetch();
            }}
          >
            {t('retry')}
          </Button>
        }
      />
    );
  }
  return <Production book={book.data} work={work.data} />;
}

function Production({ book, work }: { book: TBook; work: TRankDetail }) {
  const { t } = useTranslation('practice');
  const jump = useJump();
  const pages = useMemo(() => productionPages(book, work), [book, work]);
  const [index, setIndex] = useState(0);
  const [line, setLine] = useState(-1);
  const [paused, setPaused] = useState(false);
  const track = useRef<Track | null>(null);
  const page = pages[index];
  const isLast = index === pages.length - 1;

  const finish = () =>
    jump(
      'libraryProductionFinished',
      { bookId: book.book_info.id, rankId: work.id },
      { replace: true, needBackPath: false },
    );

  // Plays the page's recordings one after another, then turns the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page and pause state
  useEffect(() => {
    if (!page || paused) return;
    let cancelled = false;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const playFrom = (k: number) => {
      if (cancelled) return;
      const next = page.lines.findIndex((l, i) => i >= k && l.audio);
      if (next < 0) {
        setLine(-1);
        timers.push(
          setTimeout(
            () => (isLast ? finish() : setIndex((i) => i + 1)),
            k === 0 ? SILENT_PAGE_MS : BETWEEN_CLIPS_MS,
          ),
        );
        return;
      }
      setLine(next);
      track.current?.destroy();
      const clip = createTrack({ url: page.lines[next]?.audio ?? null });
      track.current = clip;
      clip.subscribe(() => {
        const state = clip.getSnapshot().state;
        if (state === 'ended' || state === 'error') {
          timers.push(setTimeout(() => playFrom(next + 1), BETWEEN_CLIPS_MS));
        }
      });
      clip.play();
    };
    playFrom(0);
    return () => {
      cancelled = true;
      for (const timer of timers) clearTimeout(timer);
      track.current?.destroy();
    };
  }, [index, paused]);

  if (!page) return null;
  return (
    <div className={styles.page} data-testid="production" data-page={page.page}>
      <figure className={styles.picture} style={{ backgroundImage: `url(${page.placeholder})` }}>
        <img key={page.page} src={page.image} alt="" />
      </figure>
      <div className={styles.band}>
        {page.lines.map((l, i) => (
          <p
            // biome-ignore lint/suspicious/noArrayIndexKey: a line's place on the page is its identity
            key={`${page.page}-${i}`}
            className={`${styles.line} ${i === line ? styles.lit : ''} ${l.audio ? '' : styles.silent}`}
            lang="en"
          >
            {l.text}
          </p>
        ))}
      </div>
      <div className={styles.controls}>
        <span className={styles.voice}>{t('production.voice', { name: work.user.nickname })}</span>
        <Button size="small" variant="secondary" onClick={() => setPaused((p) => !p)}>
          {paused ? t('production.play') : t('production.pause')}
        </Button>
        <Button size="small" variant="grass" onClick={finish} data-testid="production-done">
          {t('production.done')}
        </Button>
      </div>
    </div>
  );
}
