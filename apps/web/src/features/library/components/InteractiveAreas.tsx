import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BookCover } from '../../../shared/ui/BookCover';
import { useInteractiveAreas } from '../library-queries';
import { HotspotViewer } from './HotspotViewer';
import styles from './InteractiveAreas.module.css';

/** The pages that have talking hotspots, as a strip of thumbnails; a tap opens the big view. */
export function InteractiveAreas({ bookId, className }: { bookId: number; className?: string }) {
  const { t } = useTranslation('library');
  const areas = useInteractiveAreas(bookId);
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const pages = areas.data?.list ?? [];
  if (pages.length === 0) return null;
  return (
    <section className={`${styles.section} ${className ?? ''}`} data-testid="interactive-areas">
      <h2 className={styles.title}>{t('detail.areasTitle')}</h2>
      <p className={styles.hint}>{t('detail.areasHint')}</p>
      <ul className={styles.strip}>
        {pages.map((page, index) => (
          <li key={page.page}>
            <button
              type="button"
              className={styles.thumb}
              aria-label={t('detail.pageThumb', { page: page.page })}
              onClick={() => setOpenIndex(index)}
            >
              <BookCover
                className={styles.picture}
                src={page.image_small}
                placeholder={page.placeholder}
                width={640}
                height={416}
              />
              <span className={styles.count} aria-hidden="true">
                {page.hotspots.length}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {openIndex !== null && pages[openIndex] && (
        <HotspotViewer
          pages={pages}
          index={openIndex}
          onIndex={setOpenIndex}
          onClose={() => setOpenIndex(null)}
        />
      )}
    </section>
  );
}
