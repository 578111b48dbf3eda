import styles from './Avatar.module.css';

/** A child's avatar, or the first character of the nickname on a colour when there is none. */
export function Avatar({
  src,
  name,
  className,
}: {
  src: string;
  name: string;
  className?: string;
}) {
  if (src) return <img className={`${styles.avatar} ${className ?? ''}`} src={src} alt="" />;
  const hue = [...name].reduce((h, c) => (h * 31 + (c.codePointAt(0) ?? 0)) % 360, 7);
  return (
    <span
      className={`${styles.avatar} ${styles.initial} ${className ?? ''}`}
      style={{ background: `hsl(${hue} 80% 62%)` }}
      aria-hidden="true"
    >
      {[...name][0] ?? '?'}
    </span>
  );
}
