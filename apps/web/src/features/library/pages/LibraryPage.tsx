import type { TBookCard } from '@picbook/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useJump } from '../../../shared/navigation/jump';
import { isBookSaved } from '../../../shared/offline/offline-books';
import { useDrawnAfterFirstTask } from '../../../shared/platform/first-draw';
import { isOffline, useOnline } from '../../../shared/platform/network';
import { storage } from '../../../shared/platform/storage';
import { useSession } from '../../../shared/session/session';
import { useStartup } from '../../../shared/startup/startup-store';
import { Button } from '../../../shared/ui/Button';
import retryIcon from '../../../shared/ui/icons/retry.svg';
import oops from '../../../shared/ui/illustrations/mascot-oops.svg';
import { GrowthEntry } from '../../missions';
import { BookCard, BookCardSkeleton } from '../components/BookCard';
import { ContinueReading } from '../components/ContinueReading';
import { OfflineNotice, SavedBooks } from '../components/OfflineShelf';
import { ShelfIcon } from '../components/ShelfIcon';
import { LEVEL_KEY, useCategoryName } from '../library-config';
import { libraryLevel } from '../library-data';
import { useLevelBooks, useShelf } from '../library-queries';
import { useOpenBook } from '../open-book';
import styles from './LibraryPage.module.css';

const SKELETONS = [1, 2, 3, 4, 5, 6];
/** The covers of the first row load at once and first: one of them is the page's LCP. */
const PRIORITY_COVERS = 4;

/**
 * The library tab: level tabs, a category filter, the level's books and "继续阅读". Offline the
 * saved books are marked and the others greyed; a list the device does not hold shows the saved
 * books instead (decision 096).
 */
export default function LibraryPage() {
  const { t, i18n } = useTranslation('library');
  const levels = useStartup((s) => s.configs?.levels ?? []);
  const userLevel = useStartup((s) => s.user?.level);
  // The token itself, not just its presence: a new session reloads the (emptied) queries.
  const token = useSession((s) => s.token);
  const hasToken = token !== null;
  const [selected, setSelected] = useState(() => libraryLevel(userLevel));
  const [category, setCategory] = useState<number | null>(null);
  const books = useLevelBooks(selected);
  const reading = useShelf('reading', 1, hasToken);
  const categoryName = useCategoryName();
  const jump = useJump();
  const openBook = useOpenBook();
  const isZh = i18n.language === 'zh-CN';
  const online = useOnline();
  // The first load draws the tab's frame in one task and the cards in the next (decision 111);
  // the first row's covers are already on their way (index.html's boot script).
  const isDrawn = useDrawnAfterFirstTask('library-cards');

  const list = books.data?.list;
  const categories = useMemo(
    () => [...new Set((list ?? []).map((c) => c.book_info.category))].sort((a, b) => a - b),
    [list],
  );
  // A category missing from the newly chosen level falls back to 全部.
  const activeCategory = category !== null && categories.includes(category) ? category : null;
  const shown = (list ?? []).filter(
    (c) => activeCategory === null || c.book_info.category === activeCategory,
  );
  const current = reading.data?.list[0];
  // The skeletons stay until the level's books are in and drawable, and until 继续阅读 is known:
  // it is the grid's first item, and every card would move one place on when it came, under a
  // child's finger (both lists go out together; decision 117).
  const isGridPending = books.isPending || !isDrawn || reading.isLoading;
  // On the first load as many cards as the skeleton grid had (the first row on a phone, the LCP's
  // candidates among them) come first and the rest of the level's a task after they are drawn
  // (decision 111, round 3).
  const isRestDrawn = useDrawnAfterFirstTask(
    'library-more-cards',
    !isGridPending && books.isSuccess,
  );
  const drawnCards = isRestDrawn ? shown : shown.slice(0, SKELETONS.length);

  const handleLevel = (level: number) => {
    setSelected(level);
    storage.set(LEVEL_KEY, String(level));
  };
  const handleOpen = (card: TBookCard) =>
    jump('libraryDetail', {
      bookId: card.book_info.id,
      level: card.book_info.level,
      week: 0,
      day: 0,
    });
  const handlePlay = (card: TBookCard) => {
    // A book that closed again (an experience right ended) explains itself on its detail page.
    if (card.book_info.lock === 1 || !card.reading) return handleOpen(card);
    // Offline, a book not on the device says so on its detail page instead of a failing reader.
    if (isOffline() && !isBookSaved(card.book_info.id)) return handleOpen(card);
    return openBook(card.book_info.id, card.reading.mode, card.reading);
  };

  return (
    <div className={styles.page} data-testid="library-page">
      <div className={styles.levels} role="tablist" aria-label={t('levelsTitle')}>
        {levels.map((level) => (
          <button
            key={level.level}
            type="button"
            role="tab"
            aria-selected={level.level === selected}
            className={`${styles.level} ${level.level === selected ? styles.selected : ''}`}
            style={{ '--level': level.color } as React.CSSProperties}
            title={isZh ? level.description_cn : level.description_en}
            onClick={() => handleLevel(level.level)}
          >
            <span className={styles.levelNo}>{t('level', { level: level.level })}</span>
            <span className={styles.band}>{isZh ? level.band_cn : level.band}</span>
            <span className={styles.meta}>
              {level.difficulty.label} · {level.age}
            </span>
          </button>
        ))}
      </div>

      <div className={styles.toolbar}>
        <div className={styles.chips}>
          {categories.length > 1 &&
            [null, ...categories].map((id) => (
              <button
                key={id ?? 'all'}
                type="button"
                className={`${styles.chip} ${id === activeCategory ? styles.chipOn : ''}`}
                aria-pressed={id === activeCategory}
                onClick={() => setCategory(id)}
              >
                {id === null ? t('allCategories') : categoryName(id)}
              </button>
            ))}
        </div>
        {hasToken && <GrowthEntry className={styles.shelfButton} />}
        {hasToken && (
          <Button
            variant="secondary"
            className={styles.shelfButton}
            icon={<ShelfIcon />}
            onClick={() => jump('bookshelf', { type: 'recent' })}
          >
            {t('myShelf')}
          </Button>
        )}
      </div>

      <OfflineNotice />
      {books.isError && !online ? (
        <SavedBooks onOpen={handleOpen} />
      ) : books.isError ? (
        <section className={styles.problem} role="alert">
          <img src={oops} alt="" />
          <div>
            <h2>{t('loadFailed')}</h2>
            <Button
              variant="secondary"
              icon={<img className={styles.retryIcon} src={retryIcon} alt="" />}
              onClick={() => void books.refetch()}
            >
              {t('common.retry', { ns: 'translation' })}
            </Button>
          </div>
        </section>
      ) : (
        <div className={styles.grid} aria-busy={isGridPending || !isRestDrawn}>
          {isDrawn && current && (
            <ContinueReading card={current} onPlay={handlePlay} onOpen={handleOpen} />
          )}
          {isGridPending
            ? SKELETONS.map((n) => <BookCardSkeleton key={n} />)
            : drawnCards.map((card, index) => (
                <BookCard
                  key={card.book_info.id}
                  card={card}
                  onOpen={handleOpen}
                  priority={index < PRIORITY_COVERS}
                />
              ))}
          {!isGridPending && books.isSuccess && shown.length === 0 && (
            <p className={styles.none}>{t('noBooks')}</p>
          )}
        </div>
      )}
    </div>
  );
}
