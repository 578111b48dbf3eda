/**
 * The request index.html's boot script made before the app's code had arrived (decision 084): on
 * a book's address, the book itself, asked for with the stored token while the scripts download.
 * The first matching request of the app adopts its answer instead of asking again.
 */
export interface BootFetch {
  url: string;
  token: string;
  child: string | null;
  /** Cleared when adopted: a boot answer is used once. */
  response?: Promise<Response> | undefined;
  /** The opening page's picture, asked for when the book came (kept referenced here). */
  picture?: HTMLImageElement | null;
}

declare global {
  interface Window {
    __picbookBoot?: BootFetch;
  }
}

/**
 * The boot answer for a GET of `url` made with this token and child, once; null when there is
 * none (another address, another user, already adopted).
 */
export function takeBootResponse(
  url: string,
  token: string | null,
  childId: string | null,
): Promise<Response> | null {
  const boot = typeof window === 'undefined' ? undefined : window.__picbookBoot;
  if (!boot?.response || boot.url !== url || boot.token !== token || boot.child !== childId) {
    return null;
  }
  const response = boot.response;
  boot.response = undefined;
  return response;
}
