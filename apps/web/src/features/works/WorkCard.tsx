import type { TWorkEntry } from '@picbook/contracts';
import { WORK_TYPE } from '@picbook/domain';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { starsForScore } from '../../shared/recorder/score';
import { useLevelColor } from '../../shared/startup/level-color';
import { BookCover } from '../../shared/ui/BookCover';
import { LikeButton } from './LikeButton';
import styles from './WorkCard.module.css';

export interface WorkCardProps {
  entry: TWorkEntry;
  /** Opens the work's replay. */
  onOpen: (entry: TWorkEntry) => void;
  /** Given on the child's own list: a delete button (the caller confirms first). */
  onDelete?: (entry: TWorkEntry) => void;
  /** Show the day it was made (lists). */
  hasDate?: boolean;
  className?: string;
}

const STAR_PATH =
  'M50 6l12.9 27.5 30.1 3.6-22.2 20.6 5.9 29.7L50 72.6 23.3 87.4l5.9-29.7L7 37.1l30.1-3.6z';

/** "6月3日" (this year) or "2025年6月3日"; created_at is Unix seconds. */
export function workDate(createdAt: number, language: string, now = new Date()): string {
  const date = new Date(createdAt * 1000);
  const sameYear = date.getFullYear() === now.getFullYear();
  return new Intl.DateTimeFormat(language, {
    year: sameYear ? undefined : 'numeric',
    month: language === 'en' ? 'short' : 'long',
    day: 'numeric',
  }).format(date);
}

/**
 * A work on a shelf of works: the book cover with its level, the mode (跟读 / 口语) and the score
 * with stars on it, the Chinese title, the day it was made, a like button and, on the child's own
 * list, a delete button.
 */
export function WorkCard({ entry, onOpen, onDelete, hasDate = false, className }: WorkCardProps) {
  const { t, i18n } = useTranslation('works');
  const info = entry.work_info;
  const color = useLevelColor(info.level);
  const stars = starsForScore(info.score);
  const isSpeak = info.type === WORK_TYPE.speak;
  return (
    <article
      className={`${styles.card} ${className ?? ''}`}
      style={{ '--level': color } as CSSProperties}
      data-testid="work-card"
      data-work-id={info.id}
    >
      <button
        type="button"
        className={styles.open}
        onClick={() => onOpen(entry)}
        aria-label={t('card.open', { title: info.title_cn || info.title_en })}
      >
        <span className={styles.coverBox}>
          <BookCover
            className={styles.cover}
            src={info.cover.image_small}
            placeholder={info.cover.placeholder}
            width={256}
            height={256}
          />
          <span className={styles.level} aria-hidden="true">
            {t('list.levelShort', { level: info.level })}
          </span>
          <span className={`${styles.mode} ${isSpeak ? styles.speak : styles.repeat}`}>
            {isSpeak ? t('card.speak') : t('card.repeat')}
          </span>
          <span className={styles.scoreBand}>
            <span
              className={styles.stars}
              role="img"
              aria-label={t('card.stars', { count: stars })}
            >
              {[0, 1, 2].map((i) => (
                <svg
                  key={i}
                  viewBox="0 0 100 100"
                  aria-hidden="true"
                  className={i < stars ? styles.starOn : styles.starOff}
                >
                  <path d={STAR_PATH} strokeLinejoin="round" />
                </svg>
              ))}
            </span>
            <span className={styles.score} data-testid="work-score">
              {t('card.score', { score: info.score })}
            </span>
          </span>
        </span>
        <span className={styles.titles}>
          <span className={styles.titleCn}>{info.title_cn || info.title_en}</span>
          {hasDate && (
            <span className={styles.date}>{workDate(info.created_at, i18n.language)}</span>
          )}
        </span>
      </button>
      <div className={styles.actions}>
        <LikeButton id={info.id} state={{ like: info.like, is_liked: entry.is_liked }} />
        {onDelete && (
          <button
            type="button"
            className={styles.delete}
            aria-label={t('list.delete')}
            data-testid="work-delete"
            onClick={() => onDelete(entry)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
            </svg>
          </button>
        )}
      </div>
    </article>
  );
}

/** A stand-in while works load (never a blank screen). */
export function WorkCardSkeleton() {
  return (
    <span className={styles.skeleton} aria-hidden="true" data-testid="work-card-skeleton">
      <span className={styles.skeletonCover} />
      <span className={styles.skeletonLine} />
    </span>
  );
}
