/**
 * The requests index.html's boot script made before the app's code had arrived (decision 084): a
 * returning child's startup requests (configs, user info, settings) and, on a book's address, the
 * book, asked for with the stored session while the scripts download. The first matching request
 * of the app adopts an answer instead of asking again.
 */
export interface BootFetch {
  token: string;
  child: string | null;
  /** performance.now() when the requests went out. */
  at: number;
  /** By URL (path and query as the app builds them); an answer is removed when adopted. */
  responses: Record<string, Promise<Response> | undefined>;
  /** The opening page's picture, asked for when the book came (kept referenced here). */
  picture: HTMLImageElement | null;
}

declare global {
  interface Window {
    __picbookBoot?: BootFetch;
  }
}

/** Answers older than this are not adopted (the app's own request is fresher). */
export const BOOT_ANSWER_TTL_MS = 15_000;

/**
 * The boot answer for a GET of `url` made with this token and child, once; null when there is
 * none (another address, another user or child, already adopted, too old).
 */
export function takeBootResponse(
  url: string,
  token: string | null,
  childId: string | null,
): Promise<Response> | null {
  const boot = typeof window === 'undefined' ? undefined : window.__picbookBoot;
  const response = boot?.responses[url];
  if (!boot || !response || boot.token !== token || boot.child !== childId) return null;
  boot.responses[url] = undefined;
  return performance.now() - boot.at <= BOOT_ANSWER_TTL_MS ? response : null;
}

/**
 * The adopted answer as the app's own request would be: `again()` when the boot request failed,
 * and a rejection when `signal` aborts first (the request's timeout covers a boot request that
 * hangs).
 */
export function adoptBootResponse(
  early: Promise<Response>,
  signal: AbortSignal,
  again: () => Promise<Response>,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new DOMException('The request was aborted', 'AbortError'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    early.then(resolve, () => again().then(resolve, reject));
  });
}
