import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/Button';
import styles from './Reader.module.css';

export interface EndOfBookProps {
  /** Whether the server has recorded the finish: waiting = no network, sent when it returns. */
  saveState: 'saving' | 'saved' | 'waiting' | 'failed';
  title: string;
  cover: string;
  onReadAgain(): void;
  onRepeat(): void;
  onBack(): void;
}

const STARS = [0, 1, 2];

/** The end-of-book screen: a celebration, then read again, read aloud, or back. */
export function EndOfBook({
  saveState,
  title,
  cover,
  onReadAgain,
  onRepeat,
  onBack,
}: EndOfBookProps) {
  const { t } = useTranslation('reader');
  const [hasCover, setHasCover] = useState(true);
  return (
    <div
      className={styles.end}
      role="dialog"
      aria-modal="true"
      aria-labelledby="reader-end-title"
      data-testid="reader-end"
      data-save={saveState}
    >
      <div className={styles.endCard}>
        <div className={styles.stars} aria-hidden="true">
          {STARS.map((i) => (
            <span key={i} className={styles.star} style={{ animationDelay: `${150 + i * 180}ms` }}>
              ★
            </span>
          ))}
        </div>
        {hasCover && (
          <img className={styles.endCover} src={cover} alt="" onError={() => setHasCover(false)} />
        )}
        <h2 id="reader-end-title" className={styles.endTitle}>
          {t('finishedTitle')}
        </h2>
        <p className={styles.endHint}>{t('finishedHint', { title })}</p>
        {(saveState === 'waiting' || saveState === 'failed') && (
          <p className={styles.endSave} data-testid="reader-end-save" role="status">
            {t(saveState === 'waiting' ? 'finishWaiting' : 'finishFailed')}
          </p>
        )}
        <div className={styles.endActions}>
          <Button size="large" onClick={onReadAgain}>
            {t('readAgain')}
          </Button>
          <Button size="large" variant="grass" onClick={onRepeat}>
            {t('toRepeat')}
          </Button>
          <Button size="large" variant="secondary" onClick={onBack}>
            {t('backToBook')}
          </Button>
        </div>
      </div>
    </div>
  );
}
