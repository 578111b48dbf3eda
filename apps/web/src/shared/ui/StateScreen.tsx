import type { ReactNode } from 'react';
import styles from './StateScreen.module.css';

export interface StateScreenProps {
  art: string;
  title: string;
  hint?: string;
  actions?: ReactNode;
  testId?: string;
}

/** Full-screen message with the mascot: errors, offline, not found, updates. */
export function StateScreen({ art, title, hint, actions, testId }: StateScreenProps) {
  return (
    <main className={styles.screen} data-testid={testId}>
      <img className={styles.art} src={art} alt="" />
      <div className={styles.body}>
        <h1 className={styles.title}>{title}</h1>
        {hint && <p className={styles.hint}>{hint}</p>}
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
    </main>
  );
}
