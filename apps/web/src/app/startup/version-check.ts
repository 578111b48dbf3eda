import { track } from '../../shared/analytics/pingback';

/** Spec §9: version check at most every 100 seconds. */
export const VERSION_CHECK_INTERVAL_MS = 100_000;

declare const __BUILD_SOURCE__: string;

let lastCheck = 0;
let reloading = false;

export interface VersionCheckDeps {
  now(): number;
  fetchBuild(signal: AbortSignal): Promise<Response>;
  onOutdated(from: string, to: string): void;
  current: string;
}

const defaultDeps: VersionCheckDeps = {
  now: () => Date.now(),
  fetchBuild: (signal) => fetch('/build.json', { cache: 'no-store', signal }),
  onOutdated: () => {},
  current: typeof __BUILD_SOURCE__ === 'string' ? __BUILD_SOURCE__ : 'dev',
};

/**
 * Compares the running build with /build.json (throttled to once per 100 s). An outdated page
 * reports `update` and calls onOutdated, which shows 更新中，请稍候 and reloads.
 * Resolves true when outdated.
 */
export async function checkVersion(overrides: Partial<VersionCheckDeps> = {}): Promise<boolean> {
  const deps = { ...defaultDeps, ...overrides };
  if (reloading) return true;
  const now = deps.now();
  if (now - lastCheck < VERSION_CHECK_INTERVAL_MS) return false;
  lastCheck = now;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 30_000);
  try {
    const res = await deps.fetchBuild(controller.signal);
    if (!res.ok) throw Object.assign(new Error('build check failed'), { status: res.status });
    const build = (await res.json()) as { source?: unknown };
    if (typeof build.source !== 'string' || build.source === deps.current) return false;
    reloading = true;
    track('update', { from: deps.current, to: build.source }, 'info');
    deps.onOutdated(deps.current, build.source);
    return true;
  } catch (error) {
    const status = (error as { status?: number }).status;
    const timedOut = controller.signal.aborted;
    // Spec: build-check failure is reported at info level for 408, otherwise as a warning.
    track(
      'build_check_error',
      { status: timedOut ? 408 : (status ?? -1) },
      timedOut ? 'info' : 'warn',
    );
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Test hook. */
export function resetVersionCheck(): void {
  lastCheck = 0;
  reloading = false;
}
