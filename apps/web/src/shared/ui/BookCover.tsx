import { useState } from 'react';
import styles from './BookCover.module.css';

export interface BookCoverProps {
  /** The picture to show once loaded. */
  src: string;
  /** Tiny blurred preview (a data URI) shown until the picture arrives. */
  placeholder: string;
  width: number;
  height: number;
  alt?: string;
  /** Above the fold (detail cover): load at once instead of lazily. */
  eager?: boolean;
  /** The page's largest picture (LCP): load at once and ahead of other requests. */
  priority?: boolean;
  className?: string;
  /** The picture's natural size once loaded (to fit a view to its real proportions). */
  onSize?: (width: number, height: number) => void;
}

/**
 * A picture that fades in over its blurred placeholder (UI brief: images fade in from a blurred
 * placeholder, never a blank box). A `priority` picture (the first screen's covers) is shown as
 * soon as it is decoded, without the fade: it is painted in the frame that lays out its card, not
 * after a later render for its load event, and it is the page's largest paint (decision 115).
 */
export function BookCover({
  src,
  placeholder,
  width,
  height,
  alt = '',
  eager = false,
  priority = false,
  className,
  onSize,
}: BookCoverProps) {
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const isLoaded = loadedSrc === src;
  return (
    <span
      className={`${styles.cover} ${className ?? ''}`}
      style={{ aspectRatio: `${width} / ${height}` }}
    >
      <img className={styles.placeholder} src={placeholder} alt="" aria-hidden="true" />
      <img
        className={`${styles.image} ${priority ? styles.instant : isLoaded ? styles.loaded : ''}`}
        src={src}
        alt={alt}
        width={width}
        height={height}
        loading={eager || priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding={priority ? 'sync' : 'async'}
        draggable={false}
        // A cached picture may be complete before React attaches onLoad.
        ref={(img) => {
          if (img?.complete && img.naturalWidth > 0 && loadedSrc !== src) {
            setLoadedSrc(src);
            onSize?.(img.naturalWidth, img.naturalHeight);
          }
        }}
        onLoad={(e) => {
          setLoadedSrc(src);
          onSize?.(e.currentTarget.naturalWidth, e.currentTarget.naturalHeight);
        }}
      />
    </span>
  );
}
