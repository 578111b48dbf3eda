import {
  type KeyboardEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
} from 'react';
import { useTranslation } from 'react-i18next';
import styles from './AvatarCarousel.module.css';

export interface AvatarCarouselProps {
  avatars: readonly string[];
  /** The centred (chosen) avatar. */
  index: number;
  onIndexChange(index: number): void;
  isDisabled?: boolean;
}

/** How long a programmatic scroll may take before swipes count again. */
const PROGRAMMATIC_SCROLL_MS = 700;

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * A swipeable row of round avatars (CSS scroll-snap). The one snapped to the centre is the
 * choice and is drawn larger; arrows, taps and the arrow keys move it too.
 */
export function AvatarCarousel({
  avatars,
  index,
  onIndexChange,
  isDisabled = false,
}: AvatarCarouselProps) {
  const { t } = useTranslation('child');
  const slides = useMemo(() => keyedSlides(avatars), [avatars]);
  const scrollerRef = useRef<HTMLUListElement>(null);
  const indexRef = useRef(index);
  indexRef.current = index;
  /** Set while the carousel scrolls itself; swipe tracking waits until it arrives. */
  const targetRef = useRef<number | null>(null);
  const targetTimerRef = useRef<ReturnType<typeof setTimeout>>(undefined);
  const frameRef = useRef(0);

  const scrollToIndex = useCallback((target: number, isSmooth: boolean) => {
    const scroller = scrollerRef.current;
    const slide = scroller?.children[target];
    if (!scroller || !(slide instanceof HTMLElement)) return;
    const left = slide.offsetLeft + slide.offsetWidth / 2 - scroller.clientWidth / 2;
    targetRef.current = target;
    clearTimeout(targetTimerRef.current);
    targetTimerRef.current = setTimeout(() => {
      targetRef.current = null;
    }, PROGRAMMATIC_SCROLL_MS);
    scroller.scrollTo?.({
      left,
      behavior: isSmooth && !prefersReducedMotion() ? 'smooth' : 'auto',
    });
  }, []);

  // Start centred on the initial slide, without an animation.
  useLayoutEffect(() => {
    scrollToIndex(indexRef.current, false);
  }, [scrollToIndex]);

  useEffect(
    () => () => {
      clearTimeout(targetTimerRef.current);
      cancelAnimationFrame(frameRef.current);
    },
    [],
  );

  const go = (target: number) => {
    if (isDisabled) return;
    const next = Math.max(0, Math.min(avatars.length - 1, target));
    if (next !== indexRef.current) onIndexChange(next);
    scrollToIndex(next, true);
  };

  const handleScroll = () => {
    cancelAnimationFrame(frameRef.current);
    frameRef.current = requestAnimationFrame(() => {
      const nearest = nearestSlide(scrollerRef.current);
      if (nearest === null) return;
      if (targetRef.current !== null) {
        if (nearest === targetRef.current) targetRef.current = null;
        return;
      }
      if (nearest !== indexRef.current && !isDisabled) onIndexChange(nearest);
    });
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      const next = indexRef.current + (event.key === 'ArrowLeft' ? -1 : 1);
      go(next);
      const button = scrollerRef.current?.children[next]?.querySelector('button');
      button?.focus({ preventScroll: true });
    }
  };

  return (
    <div className={styles.carousel}>
      <ul
        ref={scrollerRef}
        className={`${styles.scroller} ${isDisabled ? styles.locked : ''}`}
        onScroll={handleScroll}
        data-testid="avatar-carousel"
      >
        {slides.map(({ src, key }, i) => (
          <li key={key} className={styles.slide}>
            <button
              type="button"
              className={`${styles.avatar} ${i === index ? styles.active : ''}`}
              aria-label={t('avatar.item', { index: i + 1, total: avatars.length })}
              aria-pressed={i === index}
              tabIndex={i === index ? 0 : -1}
              disabled={isDisabled && i !== index}
              onClick={() => go(i)}
              onKeyDown={handleKeyDown}
            >
              <img src={src} alt="" draggable={false} decoding="async" />
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={`${styles.arrow} ${styles.prev}`}
        aria-label={t('avatar.previous')}
        disabled={isDisabled || index <= 0}
        onClick={() => go(index - 1)}
      >
        <ArrowIcon />
      </button>
      <button
        type="button"
        className={`${styles.arrow} ${styles.next}`}
        aria-label={t('avatar.next')}
        disabled={isDisabled || index >= avatars.length - 1}
        onClick={() => go(index + 1)}
      >
        <ArrowIcon />
      </button>
    </div>
  );
}

/** Stable keys: the birth-year animal is listed twice, so repeats get a counter. */
function keyedSlides(avatars: readonly string[]): { src: string; key: string }[] {
  const seen = new Map<string, number>();
  return avatars.map((src) => {
    const count = (seen.get(src) ?? 0) + 1;
    seen.set(src, count);
    return { src, key: count === 1 ? src : `${src}#${count}` };
  });
}

/** Index of the slide whose centre is nearest the scroller's centre. */
function nearestSlide(scroller: HTMLElement | null): number | null {
  if (!scroller) return null;
  const centre = scroller.scrollLeft + scroller.clientWidth / 2;
  let best: number | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const [i, slide] of Array.from(scroller.children).entries()) {
    if (!(slide instanceof HTMLElement)) continue;
    const distance = Math.abs(slide.offsetLeft + slide.offsetWidth / 2 - centre);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = i;
    }
  }
  return best;
}

function ArrowIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="m9 5 7 7-7 7"
        fill="none"
        stroke="currentColor"
        strokeWidth="3.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
