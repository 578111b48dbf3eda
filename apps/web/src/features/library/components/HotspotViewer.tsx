import type { TInteractiveAreas } from '@picbook/contracts';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createTrack, type Track } from '../../../shared/audio';
import { BookCover } from '../../../shared/ui/BookCover';
import { useWindowKeydown } from '../../../shared/ui/use-window-keydown';
import styles from './HotspotViewer.module.css';

type AreaPage = TInteractiveAreas['list'][number];

export interface HotspotViewerProps {
  pages: AreaPage[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}

const pct = (n: number) => `${(n * 100).toFixed(2)}%`;
/** The sample library's page pictures are 1280×832; the loaded picture corrects it. */
const DEFAULT_RATIO = 1280 / 832;

/**
 * A page picture filling the screen with its hotspots as gently pulsing regions (x, y, w, h are
 * 0–1 of the picture). A tap says the word and pops a speech bubble over the region.
 */
export function HotspotViewer({ pages, index, onIndex, onClose }: HotspotViewerProps) {
  const { t } = useTranslation('library');
  const page = pages[index] as AreaPage;
  const [ratio, setRatio] = useState(DEFAULT_RATIO);
  const [bubble, setBubble] = useState<{ spot: number; n: number } | null>(null);
  const track = useRef<Track | null>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const hasPrev = index > 0;
  const hasNext = index < pages.length - 1;

  useEffect(() => {
    closeRef.current?.focus();
    return () => track.current?.destroy();
  }, []);

  useWindowKeydown((e) => {
    if (e.key === 'Escape') onClose();
    if (e.key === 'ArrowLeft' && hasPrev) onIndex(index - 1);
    if (e.key === 'ArrowRight' && hasNext) onIndex(index + 1);
  });

  const handleSpot = (spot: number) => {
    const hotspot = page.hotspots[spot];
    if (!hotspot) return;
    track.current?.destroy();
    track.current = createTrack({ url: hotspot.audio });
    track.current.play();
    setBubble((prev) => ({ spot, n: (prev?.n ?? 0) + 1 }));
  };
  const handlePage = (next: number) => {
    track.current?.destroy();
    setBubble(null);
    onIndex(next);
  };

  const said = bubble ? page.hotspots[bubble.spot] : undefined;
  const isBelow = said ? said.y < 0.2 : false;

  return (
    <div
      className={styles.overlay}
      role="dialog"
      aria-modal="true"
      aria-label={t('detail.areasTitle')}
      data-testid="hotspot-viewer"
    >
      <button
        ref={closeRef}
        type="button"
        className={styles.close}
        aria-label={t('common.close', { ns: 'translation' })}
        onClick={onClose}
      >
        ✕
      </button>
      {hasPrev && (
        <button
          type="button"
          className={`${styles.arrow} ${styles.prev}`}
          aria-label={t('detail.pageThumb', { page: pages[index - 1]?.page })}
          onClick={() => handlePage(index - 1)}
        >
          ‹
        </button>
      )}
      {hasNext && (
        <button
          type="button"
          className={`${styles.arrow} ${styles.next}`}
          aria-label={t('detail.pageThumb', { page: pages[index + 1]?.page })}
          onClick={() => handlePage(index + 1)}
        >
          ›
        </button>
      )}
      <div className={styles.picture} style={{ '--ratio': ratio } as CSSProperties}>
        <BookCover
          key={`cover-${page.page}`}
          className={styles.image}
          src={page.image}
          placeholder={page.placeholder}
          width={1280}
          height={832}
          eager
          onSize={(w, h) => setRatio(w / h)}
        />
        {page.hotspots.map((spot, i) => (
          <button
            // Hotspots of one page keep their order; a word may appear twice.
            // biome-ignore lint/suspicious/noArrayIndexKey: the index is the hotspot's identity
            key={`${page.page}-${i}`}
            type="button"
            className={`${styles.spot} ${bubble?.spot === i ? styles.spotOn : ''}`}
            style={{
              left: pct(spot.x + spot.w / 2),
              top: pct(spot.y + spot.h / 2),
              width: `max(${pct(spot.w)}, var(--touch))`,
              height: `max(${pct(spot.h)}, var(--touch))`,
            }}
            aria-label={t('detail.hotspot', { word: spot.word })}
            onClick={() => handleSpot(i)}
          />
        ))}
        {said && bubble && (
          <span
            key={`bubble-${bubble.n}`}
            className={`${styles.bubble} ${isBelow ? styles.below : ''}`}
            style={{
              left: pct(Math.min(0.88, Math.max(0.12, said.x + said.w / 2))),
              top: pct(isBelow ? said.y + said.h : said.y),
            }}
            lang="en"
            aria-live="polite"
          >
            {said.word}
          </span>
        )}
      </div>
      <p className={styles.counter}>
        {index + 1} / {pages.length}
      </p>
    </div>
  );
}
