import { callNative, type NativeResult } from './bridge';

/**
 * The native bridge actions of shell-and-account §7 beyond the login codes (decision 060): typed
 * wrappers, the broadcast events the shell sends, and the rules that pick their arguments.
 */

declare const __BUILD_SOURCE__: string;
declare const __BUILD_TIME__: number;

export const WEB_VERSION = '0.1.0';

/** Storage kept by the shell (survives a web cache clear). */
export const nativeStorage = {
  set: (key: string, value: string) => callNative('setStorage', { key, value }),
  get: async (key: string): Promise<string | null> => {
    const result = await callNative('getStorage', { key });
    return result.code === 0 && typeof result.data?.value === 'string' ? result.data.value : null;
  },
  remove: (key: string) => callNative('removeStorage', { key }),
  clear: () => callNative('clearStorage', {}),
};

/** §8: the native request layer's own failures. */
export const NATIVE_REQUEST_ERRORS: Record<number, string> = {
  [-1020]: '数据连接已关闭，请在设置中允许使用网络',
  [-1202]: '网络证书校验失败，请检查网络环境',
};

/** A request made by the shell (its network stack); native failures carry -1020 or -1202. */
export async function nativeRequest(input: {
  method: string;
  url: string;
  body?: unknown;
}): Promise<NativeResult & { message?: string }> {
  const result = await callNative('request', input);
  const message = NATIVE_REQUEST_ERRORS[result.code];
  return message ? { ...result, message } : result;
}

/** §7 setApp idlePolicy: 1 (keep the screen on) on reading, learning, word and evaluating pages. */
export function idlePolicyFor(pathname: string): 0 | 1 {
  return /^\/(library\/(read|cn_read|explain|repeat|speak|tasteTest)|learning\/|words\/|evaluating)/.test(
    pathname,
  )
    ? 1
    : 0;
}

export const setApp = (options: { orientation?: 1 | 2; idlePolicy?: 0 | 1 }) =>
  callNative('setApp', options);

/** §7 webReady: tells the shell the page runs, with the build. */
export function webReady(): Promise<NativeResult> {
  return callNative('webReady', {
    webVersion: WEB_VERSION,
    buildSource: typeof __BUILD_SOURCE__ === 'string' ? __BUILD_SOURCE__ : 'dev',
    buildTime: typeof __BUILD_TIME__ === 'number' ? __BUILD_TIME__ : 0,
  });
}

/** §1: the Android stores the download goes to, by channel (the channel's own store first). */
export const ANDROID_STORES = [
  'huawei',
  'vivo',
  'oppo',
  'xiaomi',
  'yingyongbao',
  'meizu',
  '360',
  'baidu',
  'wandoujia',
  'sougou',
  'sanxing',
  'lianxiang',
] as const;

export function marketListFor(channel: string): string[] {
  const own = (ANDROID_STORES as readonly string[]).includes(channel) ? [channel] : [];
  return [...own, ...ANDROID_STORES.filter((s) => s !== channel)];
}

export const APP_DOWNLOAD = {
  appName: '绘本岛',
  downloadUrl: 'https://picbook.example.com/download/picbook.apk',
  iosAppId: '0000000000',
} as const;

/** §7 downloadApp: the market list per channel, download url, app name, iOS app id. */
export function downloadApp(channel: string): Promise<NativeResult> {
  return callNative('downloadApp', {
    marketList: marketListFor(channel),
    downloadUrl: APP_DOWNLOAD.downloadUrl,
    appName: APP_DOWNLOAD.appName,
    iosAppId: APP_DOWNLOAD.iosAppId,
  });
}

/** §7 getAppInfo (type pingback): the shell's uuid, sid and timestamp. */
export async function getAppInfo(): Promise<{
  uuid: string;
  sid: string;
  timestamp: number;
} | null> {
  const result = await callNative('getAppInfo', { type: 'pingback' });
  const d = result.data;
  if (result.code !== 0 || !d) return null;
  return {
    uuid: String(d.uuid ?? ''),
    sid: String(d.sid ?? ''),
    timestamp: Number(d.timestamp ?? 0),
  };
}

/**
 * The shell's network type (issue 37, decision 110): `getAppInfo` with type `network` answers
 * `{ networkType }` ("wifi", "ethernet", "cellular", "4g", "none"…). Null when the shell does not
 * say (an older shell answers a non-zero code or nothing within `timeoutMs`).
 */
export async function nativeNetworkType(timeoutMs = 3000): Promise<string | null> {
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs));
  const result = await Promise.race([callNative('getAppInfo', { type: 'network' }), timeout]);
  const type = result?.code === 0 ? result.data?.networkType : undefined;
  return typeof type === 'string' && type !== '' ? type : null;
}

export const openUri = (uri: string) => callNative('openUri', { uri });
export const goBack = (options: { quit?: boolean } = {}) => callNative('goBack', options);
export const openWeb = (options: {
  path: string;
  orientation?: number;
  present?: number;
  hideTopBar?: number;
}) => callNative('openWeb', options);
export const passwordReset = (phone: string) => callNative('passwordReset', { phone });

/** Sends a broadcast to the shell's other web views. */
export const broadcast = (event: string, data: unknown = {}) =>
  callNative('broadcast', { event, data });

/** §4 broadcast events the shell sends to the page. */
export type BroadcastEvent =
  | 'user.login'
  | 'user.logout'
  | 'user.info'
  | 'mainWeb.action'
  | 'test.openDialog'
  | 'test.requestBroadcast';

type Handler = (data: unknown) => void;
const handlers = new Map<string, Set<Handler>>();

declare global {
  interface Window {
    /** The shell calls this with a broadcast event and its data. */
    __picbookBroadcast?: (event: string, data?: unknown) => void;
    /** The shell calls this on the hardware back key; true when the page handled it. */
    __picbookBack?: () => boolean;
  }
}

export function onBroadcast(event: BroadcastEvent, handler: Handler): () => void {
  const set = handlers.get(event) ?? new Set<Handler>();
  set.add(handler);
  handlers.set(event, set);
  return () => set.delete(handler);
}

export function receiveBroadcast(event: string, data?: unknown): number {
  const set = handlers.get(event);
  for (const handler of set ?? []) handler(data);
  return set?.size ?? 0;
}

if (typeof window !== 'undefined') window.__picbookBroadcast = receiveBroadcast;

/** §9: a second back press within 3 s quits the app. */
export const QUIT_WINDOW_MS = 3000;

/**
 * §8 double-back quit at home in the app: the first press asks "tap again to quit the app" for
 * 3 s, a second press within them quits. Answers what to do.
 */
export function backPress(lastPressAt: number | null, now: number): 'warn' | 'quit' {
  return lastPressAt !== null && now - lastPressAt <= QUIT_WINDOW_MS ? 'quit' : 'warn';
}
