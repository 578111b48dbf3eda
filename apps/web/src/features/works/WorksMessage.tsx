import type { ReactNode } from 'react';
import styles from './WorksMessage.module.css';

export interface WorksMessageProps {
  art: string;
  title: string;
  hint?: string;
  /** A button that helps on (retry, to the library, show all). */
  children?: ReactNode;
}

/** A friendly card with the mascot where works would be: none yet, not public, did not load. */
export function WorksMessage({ art, title, hint, children }: WorksMessageProps) {
  return (
    <section className={styles.message} role="status" data-testid="works-message">
      <img src={art} alt="" />
      <p className={styles.title}>{title}</p>
      {hint && <p className={styles.hint}>{hint}</p>}
      {children}
    </section>
  );
}
