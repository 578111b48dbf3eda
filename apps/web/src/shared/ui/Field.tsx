import type { ReactNode } from 'react';
import styles from './Field.module.css';

export interface FieldProps {
  label?: string;
  /** The input/select, and anything beside it (a button, a prefix). */
  children: ReactNode;
  className?: string;
}

/** A labelled, rounded input row; style native inputs/selects placed inside. */
export function Field({ label, children, className }: FieldProps) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child input
    <label className={`${styles.field} ${className ?? ''}`}>
      {label && <span className={styles.label}>{label}</span>}
      <span className={styles.control}>{children}</span>
    </label>
  );
}
