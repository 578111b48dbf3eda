import type { TBookCard } from '@picbook/contracts';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useBookSaved } from '../../../shared/offline/offline-books';
import { useOnline } from '../../../shared/platform/network';
import { BookCover } from '../../../shared/ui/BookCover';
import lockIcon from '../../../shared/ui/icons/lock.svg';
import { bookBadge, LOCKED_BADGES } from '../book-badge';
import { useLevelColor } from '../library-config';
import styles from './BookCard.module.css';

export interface BookCardProps {
  card: TBookCard;
  onOpen: (card: TBookCard) => void;
  /** Among the first cards on screen: its cover is a candidate for the page's LCP. */
  priority?: boolean;
}

/**
 * A book on a shelf: the cover is the hero, the level shows as colour and number, a badge says
 * how to get in, and the child's reading state sits under the titles. A book saved on the device
 * says so (已存本机); offline, the books that are not saved are greyed (decision 096).
 */
export function BookCard({ card, onOpen, priority = false }: BookCardProps) {
  const { t } = useTranslation('library');
  const { book_info: info, reading } = card;
  const color = useLevelColor(info.level);
  const badge = bookBadge(info);
  const isLocked = badge !== null && LOCKED_BADGES.has(badge);
  const isFinished = reading?.finished ?? false;
  const progress = reading && !isFinished ? Math.min(1, reading.page / info.page_count) : null;
  const isSaved = useBookSaved(info.id) === true;
  const isAway = !useOnline() && !isSaved;

  return (
    <button
      type="button"
      className={`${styles.card} ${isLocked ? styles.locked : ''} ${isAway ? styles.away : ''}`}
      style={{ '--level': color } as CSSProperties}
      onClick={() => onOpen(card)}
      data-testid="book-card"
      data-book-id={info.id}
      data-saved={isSaved ? 'yes' : 'no'}
    >
      <span className={styles.coverBox}>
        <BookCover
          className={styles.cover}
          src={info.cover.image_small}
          placeholder={info.cover.placeholder}
          width={256}
          height={256}
          priority={priority}
        />
        <span className={styles.level} aria-hidden="true">
          {t('level', { level: info.level })}
        </span>
        {badge && (
          <span className={`${styles.badge} ${styles[badge]}`}>
            {isLocked && <img src={lockIcon} alt="" />}
            {t(`badge.${badge}`)}
          </span>
        )}
        {isSaved && (
          <span className={styles.saved} data-testid="book-card-saved">
            {t('offline.savedTag')}
          </span>
        )}
        {isFinished && (
          <span className={styles.finished}>
            <span className={styles.star} aria-hidden="true">
              ★
            </span>
            {t('finished')}
          </span>
        )}
      </span>
      <span className={styles.titles}>
        <span className={styles.titleEn} lang="en">
          {info.title_en}
        </span>
        <span className={styles.titleCn}>{info.title_cn}</span>
      </span>
      {progress !== null && reading && (
        <span className={styles.progress}>
          <span className={styles.track}>
            <span className={styles.fill} style={{ width: `${Math.max(0.06, progress) * 100}%` }} />
          </span>
          <span className={styles.pageNo}>{t('pageN', { page: reading.page })}</span>
        </span>
      )}
    </button>
  );
}

/** A grey stand-in while a shelf loads (never a blank screen). */
export function BookCardSkeleton() {
  return (
    <span className={styles.skeleton} aria-hidden="true" data-testid="book-card-skeleton">
      <span className={styles.skeletonCover} />
      <span className={styles.skeletonLine} />
      <span className={`${styles.skeletonLine} ${styles.short}`} />
    </span>
  );
}
