import { useTranslation } from 'react-i18next';
import { useFavoriteBook } from '../library-queries';
import styles from './FavoriteButton.module.css';

/** The heart on a book's cover: adds it to (or takes it off) the favourites shelf. */
export function FavoriteButton({ bookId, isFavorite }: { bookId: number; isFavorite: boolean }) {
  const { t } = useTranslation('library');
  const favorite = useFavoriteBook(bookId);
  // Shown at once; the server's answer refreshes the book (and the shelf) afterwards.
  const isOn = favorite.isPending ? (favorite.variables ?? isFavorite) : isFavorite;
  return (
    <button
      type="button"
      className={`${styles.heart} ${isOn ? styles.on : ''}`}
      aria-pressed={isOn}
      aria-label={isOn ? t('detail.unfavorite') : t('detail.favorite')}
      title={isOn ? t('detail.favorited') : t('detail.favorite')}
      onClick={() => favorite.mutate(!isOn)}
      data-testid="favorite-button"
    >
      <svg viewBox="0 0 48 48" aria-hidden="true">
        <path d="M24 41.5 20.9 38.7C10 28.9 3 22.6 3 14.9 3 8.6 7.9 3.7 14.2 3.7c3.5 0 7 1.7 9.8 4.4 2.8-2.7 6.3-4.4 9.8-4.4C40.1 3.7 45 8.6 45 14.9c0 7.7-7 14-17.9 23.8z" />
      </svg>
    </button>
  );
}
