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
  /**
   * The dialog's main buttons: they stay at the bottom, in view, while a long body scrolls above
   * them (every dialog fits 812×375 and 390×844 with its main button visible, issue 39 item 8).
   */
  actions?: ReactNode;
}

/** The house modal: rounded card over a dimmed page, Escape and the ✕ close it when allowed. */
export function Dialog({ title, children, onClose, wide = false, testId, actions }: DialogProps) {
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
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
    </div>
  );
}
