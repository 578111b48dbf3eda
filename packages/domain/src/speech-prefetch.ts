/**
 * Whether the app fetches the device scorer's files (model, dictionary, calibration: the
 * versioned files the service worker keeps, decision 107) in the background before the child's
 * first recording (issue 37, decision 110: 「Wi‑Fi 下预先下载离线打分」). Only on Wi‑Fi or a
 * cable, never on a mobile network, never when the connection asks to save data, never when the
 * network type is not known (a desktop browser does not say; nothing is fetched then until the
 * child uses speaking, as before).
 */

/** A network as the rule sees it. */
export type PrefetchNetwork = 'wifi' | 'ethernet' | 'cellular' | 'none' | 'other' | 'unknown';

export interface SpeechPrefetchInput {
  /** The family's setting 「Wi‑Fi 下预先下载离线打分」 is on. */
  allowed: boolean;
  /** The browser says it is online (navigator.onLine). */
  online: boolean;
  /** `navigator.connection.type` (Chrome on Android; undefined where the browser does not say). */
  connectionType?: string | null | undefined;
  /** `navigator.connection.saveData` (the user asked to save data). */
  saveData?: boolean | null | undefined;
  /** The page runs in an app shell (its bridge answers). */
  inShell?: boolean;
  /** The shell's own network type (bridge `getAppInfo` type network); null when it did not say. */
  shellNetwork?: string | null | undefined;
}

export type SpeechPrefetchDecision =
  | 'prefetch'
  | 'setting-off'
  | 'offline'
  | 'save-data'
  | 'not-wifi'
  | 'unknown-network';

/** A network type as a browser or a shell names it (NetworkInformation.type, "WIFI", "4g"…). */
export function prefetchNetwork(name: string | null | undefined): PrefetchNetwork {
  const n = (name ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]/g, '');
  if (n === 'wifi' || n === 'wlan') return 'wifi';
  if (n === 'ethernet') return 'ethernet';
  if (['cellular', 'mobile', 'wwan', '2g', '3g', '4g', '5g', 'lte', 'edge'].includes(n)) {
    return 'cellular';
  }
  if (n === 'none' || n === 'offline') return 'none';
  if (n === '' || n === 'unknown') return 'unknown';
  return 'other';
}

/**
 * The decision and its reason. In a shell its own network type wins (a WebView on iOS has no
 * `navigator.connection`; an older shell that does not answer leaves the browser's).
 */
export function speechPrefetchDecision(input: SpeechPrefetchInput): SpeechPrefetchDecision {
  if (!input.allowed) return 'setting-off';
  if (!input.online) return 'offline';
  if (input.saveData) return 'save-data';
  const shell = input.inShell ? prefetchNetwork(input.shellNetwork) : 'unknown';
  const network = shell !== 'unknown' ? shell : prefetchNetwork(input.connectionType);
  if (network === 'wifi' || network === 'ethernet') return 'prefetch';
  if (network === 'none') return 'offline';
  return network === 'unknown' ? 'unknown-network' : 'not-wifi';
}
