import { ErrorCode } from '@picbook/contracts/errors';
import type { ComponentType, CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useBookSaved } from '../../../shared/offline/offline-books';
import { useOnline } from '../../../shared/platform/network';
import { isRequestError } from '../../../shared/request/request-error';
import { useSession } from '../../../shared/session/session';
import { BookCover } from '../../../shared/ui/BookCover';
import { Button } from '../../../shared/ui/Button';
import lockIcon from '../../../shared/ui/icons/lock.svg';
import oops from '../../../shared/ui/illustrations/mascot-oops.svg';
import { FavoriteButton } from '../components/FavoriteButton';
import { InteractiveAreas } from '../components/InteractiveAreas';
import { LockPanel } from '../components/LockPanel';
import { ModeButtons } from '../components/ModeButtons';
import { OfflineBadge } from '../components/OfflineBadge';
import { NotSavedPanel } from '../components/OfflineShelf';
import { VocabChips } from '../components/VocabChips';
import { useLevelColor } from '../library-config';
import { useBookSummary } from '../library-queries';
import { useOpenBook } from '../open-book';
import styles from './BookDetailPage.module.css';

/**
 * Book detail (learning-content §2): cover and titles, level, length, the story in Chinese, the
 * book's words, the ways to read it — or, for a locked book, how to open it — and the pages
 * with talking hotspots. Offline, a book saved on the device opens from its kept answers, and one
 * that is not says so at once (decision 096).
 */
export interface BookDetailPageProps {
  /** The study plan's lesson guide for the book: passed in by the route (app/book-detail-route.tsx). */
  LessonGuide?: ComponentType<{ bookId: number }>;
  /** The works' ranking of the book: passed in by the route, as the guide. */
  RankPanel?: ComponentType<{ bookId: number; className?: string }>;
}

export default function BookDetailPage({ LessonGuide, RankPanel }: BookDetailPageProps) {
  const { t } = useTranslation('library');
  const bookId = Number(useParams().bookId);
  // Who asks decides locks and progress: a login here (the lock panel) re-renders the page, and
  // the queries, emptied for the new token, load again.
  const token = useSession((s) => s.token);
  const summary = useBookSummary(bookId);
  const openBook = useOpenBook();
  const color = useLevelColor(summary.data?.book_info.level ?? 0);
  const online = useOnline();
  const saved = useBookSaved(bookId);

  if (!online && saved === false) return <NotSavedPanel />;
  if (summary.isPending) return <DetailSkeleton />;
  if (summary.isError) {
    if (!online) return <NotSavedPanel />;
    const isMissing =
      isRequestError(summary.error) && summary.error.code === ErrorCode.RecordNotFound;
    return (
      <div className={styles.problem} role="alert">
        <img src={oops} alt="" />
        <div>
          <h1>{isMissing ? t('detail.notFound') : t('loadFailed')}</h1>
          {!isMissing && (
            <Button variant="secondary" onClick={() => void summary.refetch()}>
              {t('common.retry', { ns: 'translation' })}
            </Button>
          )}
        </div>
      </div>
    );
  }

  const { book_info: info, reading, vocabulary, summary_cn, favorite } = summary.data;
  const isLocked = info.lock === 1;
  const minutes = Math.max(1, Math.ceil(info.duration / 60));

  return (
    <div
      className={styles.page}
      style={{ '--level': color } as CSSProperties}
      data-testid="book-detail"
    >
      <aside className={styles.aside}>
        <div className={styles.coverBox}>
          <BookCover
            className={`${styles.cover} ${isLocked ? styles.lockedCover : ''}`}
            src={info.cover.image}
            placeholder={info.cover.placeholder}
            width={512}
            height={512}
            alt={info.title_cn}
            eager
          />
          {isLocked && <img className={styles.coverLock} src={lockIcon} alt={t('lockedHint')} />}
          {token !== null && (
            <span className={styles.heart}>
              <FavoriteButton bookId={info.id} isFavorite={favorite} />
            </span>
          )}
        </div>
      </aside>

      <main className={styles.main}>
        <header className={styles.header}>
          <h1 className={styles.titleEn} lang="en">
            {info.title_en}
          </h1>
          <p className={styles.titleCn}>{info.title_cn}</p>
          <p className={styles.meta}>
            <span className={styles.levelChip}>{t('levelName', { level: info.level })}</span>
            <span className={styles.stats}>
              {t('detail.stats', { pages: info.page_count, words: info.word_count, minutes })}
            </span>
          </p>
        </header>

        {isLocked ? (
          <LockPanel info={info} />
        ) : (
          <>
            <ModeButtons reading={reading} onOpen={(mode) => openBook(info.id, mode, reading)} />
            <OfflineBadge bookId={info.id} />
          </>
        )}
        {token && online && LessonGuide && <LessonGuide bookId={info.id} />}

        <section className={styles.card}>
          <h2>{t('detail.summaryTitle')}</h2>
          <p className={styles.summary}>{summary_cn}</p>
          {vocabulary.length > 0 && (
            <>
              <h2>{t('detail.wordsTitle')}</h2>
              <VocabChips words={vocabulary} />
            </>
          )}
        </section>

        {!isLocked && <InteractiveAreas bookId={info.id} className={styles.card} />}
        {/* Rankings, PK and likes need the network; offline the page is the book itself. */}
        {online && RankPanel && <RankPanel bookId={info.id} className={styles.card} />}
      </main>
    </div>
  );
}

function DetailSkeleton() {
  return (
    <div className={styles.page} aria-busy="true" data-testid="book-detail-loading">
      <aside className={styles.aside}>
        <span className={`${styles.skeleton} ${styles.skeletonCover}`} />
      </aside>
      <main className={styles.main}>
        <span className={`${styles.skeleton} ${styles.skeletonTitle}`} />
        <span className={`${styles.skeleton} ${styles.skeletonLine}`} />
        <span className={`${styles.skeleton} ${styles.skeletonButton}`} />
      </main>
    </div>
  );
}
