import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  canKeepOffline,
  checkBookOffline,
  keepBookOffline,
  useOfflineBooks,
} from '../../../shared/offline/offline-books';
import { bookQuery } from '../library-queries';
import styles from './OfflineBadge.module.css';

/**
 * A book's copy on the device (decision 074) in the spec's package-download states: kept (reads
 * without a network), being saved (n/m), or a button to save, update or retry. Shown only where
 * a service worker can keep books, for a book the child may open.
 */
export function OfflineBadge({ bookId }: { bookId: number }) {
  const { t } = useTranslation('library');
  const enabled = canKeepOffline();
  const book = useQuery({ ...bookQuery(bookId), enabled });
  const status = useOfflineBooks((s) => s.books[bookId]);
  useEffect(() => {
    if (book.data) void checkBookOffline(book.data);
  }, [book.data]);

  if (!enabled || !book.data || !status || status.state === 'checking') return null;
  const { state, kept, needed } = status;
  if (state === 'loaded' || state === 'loading') {
    return (
      <p className={styles.badge} data-testid="offline-badge" data-state={state}>
        {state === 'loading' && (
          <span
            className={styles.bar}
            style={{ width: `${(100 * kept) / Math.max(1, needed)}%` }}
          />
        )}
        <span className={styles.text}>{t(`offline.${state}`, { kept, needed })}</span>
      </p>
    );
  }
  const data = book.data;
  return (
    <button
      type="button"
      className={`${styles.badge} ${styles.action}`}
      data-testid="offline-badge"
      data-state={state}
      onClick={() => void keepBookOffline(data, true)}
    >
      <span className={styles.text}>{t(`offline.${state}`)}</span>
    </button>
  );
}
