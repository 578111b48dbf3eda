import { create } from 'zustand';
import { openWeb } from '../../shared/bridge/native-actions';
import { appEnv } from '../../shared/platform/env';

/** The in-app web screen (§2): a path with orientation (1 portrait, 2 landscape), present, hideTopBar. */
export interface WebScreenRequest {
  path: string;
  orientation: number;
  present: number;
  hideTopBar: number;
}

export const useWebScreen = create<{ current: WebScreenRequest | null }>(() => ({ current: null }));

/** Opens the in-app web screen: the shell's own in the app, else an overlay over the page. */
export function openWebScreen(request: WebScreenRequest): void {
  if (appEnv().isApp) {
    void openWeb(request);
    return;
  }
  useWebScreen.setState({ current: request });
}

export const closeWebScreen = () => useWebScreen.setState({ current: null });

/**
 * §2/§4 page query at start: userRole (default 2), openWeb, hideTopBar, orientation, present.
 * With openWeb and role 2 the in-app web screen opens once user info has loaded.
 */
export function startupWebScreen(search: string): WebScreenRequest | null {
  const q = new URLSearchParams(search);
  const path = q.get('openWeb');
  const role = Number(q.get('userRole') ?? 2);
  if (!path || role !== 2) return null;
  const num = (key: string, fallback: number) => {
    const n = Number(q.get(key));
    return q.has(key) && Number.isFinite(n) ? n : fallback;
  };
  return {
    path,
    orientation: num('orientation', 2),
    present: num('present', 0),
    hideTopBar: num('hideTopBar', 0),
  };
}

/** Only http(s) pages and this app's own paths open in the web screen. */
export function isOpenablePath(path: string): boolean {
  return path.startsWith('/') ? !path.startsWith('//') : /^https?:\/\//.test(path);
}
