import styles from './Toaster.module.css';
import { type ToastKind, useToasts } from './toast-store';

const GLYPH: Record<ToastKind, string> = {
  info: 'i',
  success: '✓',
  warning: '!',
  error: '!',
  loading: '',
};

export function Toaster() {
  const toasts = useToasts((s) => s.toasts);
  return (
    <div className={styles.stack} aria-live="polite" role="status">
      {toasts.map((t) => (
        <div
          key={t.id}
          className={`${styles.toast} ${styles[t.kind]} ${t.leaving ? styles.leaving : ''}`}
          data-testid="toast"
          data-kind={t.kind}
        >
          <span className={styles.dot} aria-hidden="true">
            {GLYPH[t.kind]}
          </span>
          <span>{t.message}</span>
        </div>
      ))}
    </div>
  );
}
