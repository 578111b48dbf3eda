import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Dialog.module.css';
import { useWindowKeydown } from './use-window-keydown';

export interface DialogProps {
  title: string;
  children: ReactNode;
  /** Omit to hide the close button (e.g. during a first setup or while saving). */
  onClose?: () => void;
  wide?: boolean;
  testId?: string;
}

/** The house modal: rounded card over a dimmed page, Escape and the ✕ close it when allowed. */
export function Dialog({ title, children, onClose, wide = false, testId }: DialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  useWindowKeydown(
    onClose &&
      ((e) => {
        if (e.key === 'Escape') onClose();
      }),
  );
  return (
    <div className={styles.backdrop}>
      <div
        className={`${styles.dialog} ${wide ? styles.wide : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
      >
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {onClose && (
          <button
            type="button"
            className={styles.close}
            aria-label={t('common.close')}
            onClick={onClose}
          >
            ✕
          </button>
        )}
        {children}
      </div>
    </div>
  );
}
