import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './Button.module.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'sky' | 'grass' | 'ghost';
  size?: 'small' | 'medium' | 'large';
  block?: boolean;
  isLoading?: boolean;
  icon?: ReactNode;
}

/** The house button: big, rounded, with a pressed state that pushes it down. */
export function Button({
  variant = 'primary',
  size = 'medium',
  block = false,
  isLoading = false,
  icon,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = [
    styles.button,
    variant !== 'primary' ? styles[variant] : '',
    size !== 'medium' ? styles[size] : '',
    block ? styles.block : '',
    className ?? '',
  ].join(' ');
  return (
    <button
      type={type}
      className={classes}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      {...rest}
    >
      {isLoading ? <span className={styles.spinner} aria-hidden="true" /> : icon}
      {children}
    </button>
  );
}
