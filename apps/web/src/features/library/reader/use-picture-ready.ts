import { useCallback, useEffect, useState } from 'react';
import { isPictureReady } from './preload';
import { readerMarks } from './reader-marks';

/** How long a page's voice waits for a picture that is slow to come or cannot (offline). */
export const PICTURE_WAIT_MS = 2500;

/**
 * Whether the page's picture is on screen, so its voice may begin (decision 084): the story is
 * told over its picture, and on a slow link the picture gets the bandwidth first. A picture
 * preloaded and decoded here (a turned page, a book opened from the library behind its curtain)
 * paints with the page's first frame, so its voice starts with the turn; the opening page of a
 * cold load waits for its picture's paint, or PICTURE_WAIT_MS at most.
 */
export function usePictureReady(image: string | null): { ready: boolean; onShown(): void } {
  const [shown, setShown] = useState<string | null>(null);
  const ready = image !== null && (shown === image || isPictureReady(image));
  useEffect(() => {
    if (image === null || ready) return;
    const timer = setTimeout(() => setShown(image), PICTURE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [image, ready]);
  const onShown = useCallback(() => {
    readerMarks.pictureShown();
    setShown(image);
  }, [image]);
  return { ready, onShown };
}
