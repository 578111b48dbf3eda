import type { TBookCard } from '@picbook/contracts';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { BookCover } from '../../../shared/ui/BookCover';
import { useLevelColor } from '../library-config';
import styles from './ContinueReading.module.css';

export interface ContinueReadingProps {
  card: TBookCard;
  /** Straight into the reader at the saved page. */
  onPlay: (card: TBookCard) => void;
  onOpen: (card: TBookCard) => void;
}

/** "继续阅读": the unfinished book the child read last, one big play button away. */
export function ContinueReading({ card, onPlay, onOpen }: ContinueReadingProps) {
  const { t } = useTranslation('library');
  const { book_info: info, reading } = card;
  const color = useLevelColor(info.level);
  const page = reading?.page ?? 1;
  return (
    <section
      className={styles.hero}
      style={{ '--level': color } as CSSProperties}
      aria-label={t('continueTitle')}
      data-testid="continue-reading"
    >
      <button type="button" className={styles.coverButton} onClick={() => onOpen(card)}>
        <BookCover
          className={styles.cover}
          src={info.cover.image_small}
          placeholder={info.cover.placeholder}
          width={256}
          height={256}
          priority
          alt={info.title_cn}
        />
      </button>
      <div className={styles.body}>
        <span className={styles.kicker}>{t('continueTitle')}</span>
        <span className={styles.titleEn} lang="en">
          {info.title_en}
        </span>
        <span className={styles.titleCn}>{info.title_cn}</span>
        <span className={styles.page}>{t('pageOf', { page, total: info.page_count })}</span>
      </div>
      <button
        type="button"
        className={styles.play}
        aria-label={t('continuePlay', { title: info.title_cn })}
        onClick={() => onPlay(card)}
        data-testid="continue-play"
      >
        <svg viewBox="0 0 48 48" aria-hidden="true">
          <path d="M17 11.5v25a2 2 0 0 0 3 1.7l20-12.5a2 2 0 0 0 0-3.4l-20-12.5a2 2 0 0 0-3 1.7z" />
        </svg>
      </button>
    </section>
  );
}
