import type { TReadingState } from '@picbook/contracts';
import { useTranslation } from 'react-i18next';
import { BOOK_MODES, type BookMode } from '../open-book';
import styles from './ModeButtons.module.css';
import { ModeIcon } from './ModeIcon';

export interface ModeButtonsProps {
  reading: TReadingState | null;
  onOpen: (mode: BookMode) => void;
}

/** 读绘本 drawn large (the screen's one primary action), then the other four ways in. */
export function ModeButtons({ reading, onOpen }: ModeButtonsProps) {
  const { t } = useTranslation('library');
  const others = BOOK_MODES.filter((m) => m !== 'read');
  const hint = !reading
    ? null
    : reading.finished
      ? t('detail.readAgain')
      : t('detail.continueAt', { page: reading.page });
  return (
    <div className={styles.modes} data-testid="mode-buttons">
      <button type="button" className={styles.primary} onClick={() => onOpen('read')}>
        <span className={styles.primaryIcon}>
          <ModeIcon mode="read" />
        </span>
        <span className={styles.primaryText}>
          <span className={styles.primaryLabel}>{t('modes.read')}</span>
          {hint && <span className={styles.hint}>{hint}</span>}
        </span>
      </button>
      <div className={styles.others}>
        {others.map((mode) => (
          <button
            key={mode}
            type="button"
            className={`${styles.mode} ${styles[mode]}`}
            onClick={() => onOpen(mode)}
          >
            <span className={styles.icon}>
              <ModeIcon mode={mode} />
            </span>
            <span className={styles.label}>{t(`modes.${mode}`)}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
