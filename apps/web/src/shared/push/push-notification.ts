/**
 * What the service worker shows for a push and where a tap goes (decision 100). Pure, so the
 * page's tests and the worker share it (tsconfig.sw.json includes this file).
 */
export interface PushNotice {
  title: string;
  body: string;
  /** An in-app path (same origin), e.g. /learning or /parents/reportList. */
  url: string;
}

const FALLBACK: PushNotice = { title: 'PicBook', body: '', url: '/' };

/** Only a path of this app: never another origin (`//x`, `https:`), never a script URL. */
export function safeAppPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return '/';
  return /^\/[\w\-./?=&%#]*$/.test(value) ? value : '/';
}

/** The push's JSON payload ({title, body, url}) read defensively. */
export function readPushNotice(text: string | null | undefined): PushNotice {
  if (!text) return FALLBACK;
  try {
    const data = JSON.parse(text) as Record<string, unknown>;
    return {
      title:
        typeof data.title === 'string' && data.title ? data.title.slice(0, 80) : FALLBACK.title,
      body: typeof data.body === 'string' ? data.body.slice(0, 300) : '',
      url: safeAppPath(data.url),
    };
  } catch {
    return { ...FALLBACK, body: text.slice(0, 300) };
  }
}

/** The part of a service worker's `clients` a notification tap uses. */
export interface TapClients {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<
    ReadonlyArray<{
      url: string;
      focus(): Promise<unknown>;
      navigate(url: string): Promise<unknown>;
    }>
  >;
  openWindow(url: string): Promise<unknown>;
}

/**
 * A tap on a push (the worker's `notificationclick`): its in-app path opens in a window of the
 * app that is already open (focused, then navigated), or in a new one. A window that may not be
 * focused is still navigated; a window that cannot be navigated (not controlled by this worker)
 * gives way to a new one. Answers the URL opened.
 */
export async function openPushTarget(
  clients: TapClients,
  origin: string,
  path: unknown,
): Promise<string> {
  const url = new URL(safeAppPath(path), origin).href;
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).origin === origin);
  if (!open) {
    await clients.openWindow(url);
    return url;
  }
  await open.focus().catch(() => undefined);
  await open.navigate(url).catch(() => clients.openWindow(url));
  return url;
}
