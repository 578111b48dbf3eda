import type { TBookCard, TShelfType } from '@picbook/contracts';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useAppNavigate } from '../../../shared/navigation/app-navigate';
import { useJump } from '../../../shared/navigation/jump';
import { useOnline } from '../../../shared/platform/network';
import { Button } from '../../../shared/ui/Button';
import oops from '../../../shared/ui/illustrations/mascot-oops.svg';
import welcome from '../../../shared/ui/illustrations/mascot-welcome.svg';
import { BookCard, BookCardSkeleton } from '../components/BookCard';
import { OfflineNotice, SavedBooks } from '../components/OfflineShelf';
import { ShelfIcon } from '../components/ShelfIcon';
import { useShelfPages } from '../library-queries';
import styles from './BookshelfPage.module.css';

const SHELVES = ['recent', 'reading', 'finished', 'favorites'] as const satisfies TShelfType[];
const isShelf = (value: string | undefined): value is TShelfType =>
  (SHELVES as readonly string[]).includes(value ?? '');

const EMPTY = {
  recent: 'shelf.emptyRecent',
  reading: 'shelf.emptyReading',
  finished: 'shelf.emptyFinished',
  favorites: 'shelf.emptyFavorites',
} as const;

/**
 * The child's bookshelf (/bookshelf/:type); an unknown type shows the recent shelf. Offline a shelf
 * the device does not hold shows the books saved on it (decision 096).
 */
export default function BookshelfPage() {
  const { type } = useParams();
  if (!isShelf(type)) return <Navigate to="/bookshelf/recent" replace />;
  return <Shelf key={type} type={type} />;
}

function Shelf({ type }: { type: TShelfType }) {
  const { t } = useTranslation('library');
  const jump = useJump();
  const { go } = useAppNavigate();
  const shelf = useShelfPages(type);
  const cards = shelf.data?.pages.flatMap((p) => p.list) ?? [];
  const total = shelf.data?.pages[0]?.total ?? 0;
  const online = useOnline();

  const handleOpen = (card: TBookCard) =>
    jump('libraryDetail', {
      bookId: card.book_info.id,
      level: card.book_info.level,
      week: 0,
      day: 0,
    });

  return (
    <div className={styles.page} data-testid="bookshelf-page">
      <header className={styles.header}>
        <h1 className={styles.title}>
          <ShelfIcon />
          {t('myShelf')}
        </h1>
        <div className={styles.tabs} role="tablist" aria-label={t('shelf.tabsTitle')}>
          {SHELVES.map((shelfType) => (
            <button
              key={shelfType}
              type="button"
              role="tab"
              aria-selected={shelfType === type}
              className={`${styles.tab} ${shelfType === type ? styles.active : ''}`}
              onClick={() => jump('bookshelf', { type: shelfType }, { replace: true })}
            >
              {t(`shelf.${shelfType}`)}
            </button>
          ))}
        </div>
      </header>

      <OfflineNotice />
      {shelf.isError && !online ? (
        <SavedBooks onOpen={handleOpen} />
      ) : shelf.isError ? (
        <section className={styles.message} role="alert">
          <img src={oops} alt="" />
          <p>{t('loadFailed')}</p>
          <Button variant="secondary" onClick={() => void shelf.refetch()}>
            {t('common.retry', { ns: 'translation' })}
          </Button>
        </section>
      ) : shelf.isPending ? (
        <div className={styles.grid} aria-busy="true">
          {[1, 2, 3, 4, 5].map((n) => (
            <BookCardSkeleton key={n} />
          ))}
        </div>
      ) : cards.length === 0 ? (
        <section className={styles.message} data-testid="shelf-empty">
          <img src={welcome} alt="" />
          <p>{t(EMPTY[type])}</p>
          <Button size="large" onClick={() => go('/library')}>
            {t('shelf.toLibrary')}
          </Button>
        </section>
      ) : (
        <>
          <p className={styles.count}>{t('shelf.count', { n: total })}</p>
          <div className={styles.grid}>
            {cards.map((card) => (
              <BookCard key={card.book_info.id} card={card} onOpen={handleOpen} />
            ))}
          </div>
          {shelf.hasNextPage && (
            <div className={styles.more}>
              <Button
                variant="secondary"
                isLoading={shelf.isFetchingNextPage}
                onClick={() => void shelf.fetchNextPage()}
              >
                {t('shelf.loadMore')}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
