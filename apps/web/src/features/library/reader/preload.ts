import { preload as preloadAudio } from '../../../shared/audio';

/** Decoded pictures kept alive so the next page paints at once (a few pages at most). */
const MAX_PICTURES = 4;
const pictures = new Map<string, Promise<void>>();
/** Preloaded pictures whose decode has settled: an <img> of one paints with the next frame. */
const decoded = new Set<string>();

/** Whether `url` was preloaded here and is decoded (or failed to be). */
export function isPictureReady(url: string): boolean {
  return decoded.has(url);
}

export function preloadPicture(url: string): Promise<void> {
  const known = pictures.get(url);
  if (known) return known;
  const img = new Image();
  img.decoding = 'async';
  img.src = url;
  const ready = (typeof img.decode === 'function' ? img.decode() : Promise.resolve())
    .catch(() => undefined)
    .then(() => {
      if (pictures.has(url)) decoded.add(url);
    });
  pictures.set(url, ready);
  // Keep the element referenced until evicted, so the decoded picture stays in memory.
  (ready as Promise<void> & { img?: HTMLImageElement }).img = img;
  if (pictures.size > MAX_PICTURES) {
    const oldest = pictures.keys().next().value;
    if (oldest !== undefined) {
      pictures.delete(oldest);
      decoded.delete(oldest);
    }
  }
  return ready;
}

/**
 * A page's picture and narration, fetched and decoded ahead of time (the next page while this
 * one is read; this page's audio too, so a tapped sentence plays from the decoded file at once).
 * Never rejects; resolves when both are ready or failed.
 */
export async function preloadPage(
  page: { image: string; audio: string } | undefined,
): Promise<void> {
  if (!page) return;
  await Promise.all([preloadPicture(page.image), preloadAudio(page.audio)]);
}
