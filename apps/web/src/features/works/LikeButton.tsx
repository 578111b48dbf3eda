import type { LikeState } from '@picbook/domain';
import { useTranslation } from 'react-i18next';
import styles from './LikeButton.module.css';
import { useLikeState, useLikes } from './like-store';

export interface LikeButtonProps {
  /** The work's id. */
  id: number;
  /** What the server last said. */
  state: LikeState;
  size?: 'small' | 'medium';
}

/** A heart and the count: tap to like or take the like back (optimistic, one request at a time). */
export function LikeButton({ id, state, size = 'medium' }: LikeButtonProps) {
  const { t } = useTranslation('works');
  const shown = useLikeState(id, state);
  const toggle = useLikes((s) => s.toggle);
  return (
    <button
      type="button"
      className={`${styles.like} ${shown.is_liked ? styles.liked : ''} ${size === 'small' ? styles.small : ''}`}
      aria-pressed={shown.is_liked}
      aria-label={shown.is_liked ? t('like.undo') : t('like.do')}
      data-testid="like-button"
      data-liked={shown.is_liked ? '1' : '0'}
      onClick={(e) => {
        e.stopPropagation();
        void toggle(id, state);
      }}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.heart}>
        <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.8 4.5c2.1 0 3.6 1.2 5.2 3 1.6-1.8 3.1-3 5.2-3 3.8 0 5.9 3.9 4.4 7.3C19.5 16.4 12 21 12 21z" />
      </svg>
      <span className={styles.count} data-testid="like-count">
        {shown.like}
      </span>
    </button>
  );
}
