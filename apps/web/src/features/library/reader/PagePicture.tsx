import type { THotspot } from '@picbook/contracts';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { whenImagePainted } from '../../../shared/platform/after-paint';
import styles from './Reader.module.css';

/** Element Timing reports the picture's paint (whenImagePainted); not in React's types. */
const PAINT_REPORTED = { elementtiming: 'reader-picture' } as Record<string, string>;

export interface PagePictureProps {
  image: string;
  placeholder: string;
  alt: string;
  hotspots: THotspot[];
  /** Pulse the hotspot outlines (after the narration, so a child finds them). */
  hintHotspots: boolean;
  onShown(): void;
  onHotspot(hotspot: THotspot): void;
  hotspotLabel(word: string): string;
}

/**
 * The page illustration, fitted to the screen over its own blurred placeholder, with tappable
 * areas on the figures and things of the picture that say their English word.
 */
export const PagePicture = memo(function PagePicture({
  image,
  placeholder,
  alt,
  hotspots,
  hintHotspots,
  onShown,
  onHotspot,
  hotspotLabel,
}: PagePictureProps) {
  const [said, setSaid] = useState<{ spot: THotspot; key: number } | null>(null);
  const img = useRef<HTMLImageElement>(null);
  // A picture that could not come (offline) leaves its blurred placeholder, not a broken-image
  // icon, and is asked for again when the network returns.
  const [hasFailed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!hasFailed) return;
    const retry = () => {
      setFailed(false);
      setAttempt((n) => n + 1);
    };
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [hasFailed]);

  // Shown means on screen (the page's voice waits for it, decision 084): an <img> with
  // decoding="async" reaches the screen a frame or more after its load. A preloaded picture is
  // complete before React attaches onLoad.
  const cancelShown = useRef<(() => void) | null>(null);
  const reportShown = useCallback(
    (el: HTMLImageElement) => {
      cancelShown.current?.();
      cancelShown.current = whenImagePainted(el, onShown);
    },
    [onShown],
  );
  useEffect(() => {
    if (img.current?.complete) reportShown(img.current);
    return () => cancelShown.current?.();
  }, [reportShown]);

  useEffect(() => {
    if (!said) return;
    const timer = setTimeout(() => setSaid(null), 1600);
    return () => clearTimeout(timer);
  }, [said]);

  return (
    <div className={styles.pictureBox} style={{ backgroundImage: `url("${placeholder}")` }}>
      <div className={styles.pictureFrame}>
        <img
          key={attempt}
          ref={img}
          className={styles.picture}
          data-testid="reader-picture"
          {...PAINT_REPORTED}
          style={hasFailed ? { visibility: 'hidden' } : undefined}
          onError={() => setFailed(true)}
          src={image}
          alt={alt}
          width={1280}
          height={800}
          decoding="async"
          draggable={false}
          onLoad={(e) => reportShown(e.currentTarget)}
        />
        {hotspots.map((spot) => (
          <button
            key={`${spot.word}-${spot.x}-${spot.y}`}
            type="button"
            className={`${styles.hotspot} ${hintHotspots ? styles.hotspotHint : ''}`}
            style={{
              left: `${spot.x * 100}%`,
              top: `${spot.y * 100}%`,
              width: `${spot.w * 100}%`,
              height: `${spot.h * 100}%`,
            }}
            aria-label={hotspotLabel(spot.word)}
            data-testid="reader-hotspot"
            onClick={(e) => {
              e.stopPropagation();
              setSaid({ spot, key: Date.now() });
              onHotspot(spot);
            }}
          />
        ))}
        {said && (
          <span
            key={said.key}
            className={styles.bubble}
            lang="en"
            style={{
              left: `${(said.spot.x + said.spot.w / 2) * 100}%`,
              top: `${Math.max(4, said.spot.y * 100)}%`,
            }}
          >
            {said.spot.word}
          </span>
        )}
      </div>
    </div>
  );
});
