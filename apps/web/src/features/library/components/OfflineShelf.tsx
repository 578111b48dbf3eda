import type { TBookCard } from '@picbook/contracts';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../shared/navigation/app-navigate';
import { useOfflineBooks } from '../../../shared/offline/offline-books';
import { useOnline } from '../../../shared/platform/network';
import { Button } from '../../../shared/ui/Button';
import oops from '../../../shared/ui/illustrations/mascot-oops.svg';
import welcome from '../../../shared/ui/illustrations/mascot-welcome.svg';
import { BookCard } from './BookCard';
import styles from './OfflineShelf.module.css';

/**
 * Reading without a network (decision 096): a line that says the saved books still read, the
 * saved books themselves where a list could not load, and a book that is not saved saying so.
 */

/** Offline only: "没有网络，存到本机的书照样能读". */
export function OfflineNotice() {
  const { t } = useTranslation('library');
  const online = useOnline();
  if (online) return null;
  return (
    <p className={styles.notice} role="status" data-testid="offline-notice">
      {t('offline.notice')}
    </p>
  );
}

/** The books saved on this device for the child, newest first (a list that failed offline). */
export function SavedBooks({ onOpen }: { onOpen: (card: TBookCard) => void }) {
  const { t } = useTranslation('library');
  const saved = useOfflineBooks((s) => s.saved);
  const cards = Object.values(saved ?? {})
    .sort((a, b) => b.saved_at - a.saved_at)
    .map((b) => b.card);
  if (cards.length === 0) {
    return (
      <section className={styles.message} data-testid="saved-books-none">
        <img src={welcome} alt="" />
        <p>{t('offline.noneSaved')}</p>
      </section>
    );
  }
  return (
    <section data-testid="saved-books">
      <h2 className={styles.title}>{t('offline.savedTitle')}</h2>
      <div className={styles.grid}>
        {cards.map((card) => (
          <BookCard key={card.book_info.id} card={card} onOpen={onOpen} />
        ))}
      </div>
    </section>
  );
}

/** A book opened offline that is not on the device: said at once, with the way back. */
export function NotSavedPanel() {
  const { t } = useTranslation('library');
  const { go } = useAppNavigate();
  return (
    <section className={styles.notSaved} role="alert" data-testid="book-not-saved">
      <img src={oops} alt="" />
      <div>
        <h1>{t('offline.notSavedTitle')}</h1>
        <p>{t('offline.notSavedHint')}</p>
        <Button size="large" onClick={() => go('/library')}>
          {t('offline.toLibrary')}
        </Button>
      </div>
    </section>
  );
}
