import type { ReactNode } from 'react';
import styles from '../pages/Store.module.css';

/** A result or state block of the store pages: picture (or spinner), title, text, actions. */
export function Hero({
  art,
  isBusy = false,
  title,
  text,
  children,
  testId,
  state,
}: {
  art?: string;
  isBusy?: boolean;
  title: string;
  text?: string;
  children?: ReactNode;
  testId?: string;
  state?: string;
}) {
  return (
    <section className={styles.hero} data-testid={testId} data-state={state} aria-live="polite">
      {isBusy ? (
        <div className={styles.spinner} aria-hidden="true" />
      ) : (
        art && <img src={art} alt="" />
      )}
      <h2 className={styles.heroTitle}>{title}</h2>
      {text && <p className={styles.heroText}>{text}</p>}
      {children && <div className={styles.actions}>{children}</div>}
    </section>
  );
}
