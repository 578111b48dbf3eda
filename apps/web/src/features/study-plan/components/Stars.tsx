import styles from './Stars.module.css';

/** 0–3 stars of a course (§5 tiers), big on finish screens and small on cards. */
export function Stars({ n, size = 'small' }: { n: number; size?: 'small' | 'large' }) {
  return (
    <span
      className={`${styles.stars} ${styles[size]}`}
      role="img"
      aria-label={`${n} / 3`}
      data-stars={n}
    >
      {[1, 2, 3].map((i) => (
        <svg
          key={i}
          viewBox="0 0 24 24"
          className={i <= n ? styles.on : styles.off}
          aria-hidden="true"
          style={{ animationDelay: `${i * 180}ms` }}
        >
          <path d="M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9z" />
        </svg>
      ))}
    </span>
  );
}
