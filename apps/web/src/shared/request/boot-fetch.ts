/**
 * The requests index.html's boot script made before the app's code had arrived (decision 084): a
 * returning child's startup requests (configs, user info, settings); on a book's address, the
 * book; on the library tab, once the user info is in, the opening level's list, the book being
 * read and the activity data (decision 111); asked for with the stored session while the scripts download. The first matching request
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
  /**
   * On the library tab, the first row's covers (and the book being read), asked for when the
   * level's list came (decision 111; kept referenced here).
   */
  covers?: HTMLImageElement[];
  /** Settles once the library's lists have been asked for (or will not be). */
  lists?: Promise<unknown>;
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

/**
 * Settles when index.html's boot script has asked for the library tab's lists (it does once the
 * user info is in, decision 111), so the app's own requests for them adopt its answers instead of
 * racing them; at once when it asks for none.
 */
export function bootListsAsked(): Promise<void> {
  const lists = typeof window === 'undefined' ? undefined : window.__picbookBoot?.lists;
  return lists
    ? lists.then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();
}
