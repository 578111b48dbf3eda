import type { ComponentType } from 'react';
import { track } from '../../shared/analytics/pingback';
import { withNamespaces } from '../../shared/i18n';
import { isOffline } from '../../shared/platform/network';

/** Spec §5/§9: page load times out after 30000 ms. */
export const PAGE_LOAD_TIMEOUT_MS = 30_000;

export class PageLoadError extends Error {
  constructor(
    readonly reason: 'timeout' | 'offline' | 'failed',
    cause?: unknown,
  ) {
    super(`page load ${reason}`, { cause });
    this.name = 'PageLoadError';
  }
}

type PageModule = { default: ComponentType };

/**
 * A route's `lazy` loader with the page-load timeout. Failures are reported (timeout_error,
 * offline_error, loading_error) and surface in the route error screen. `namespaces`: the Chinese
 * strings the page shows beyond the shell's, fetched beside its code; the page renders once both
 * are in (decision 106).
 */
export function lazyPage(load: () => Promise<PageModule>, namespaces: readonly string[] = []) {
  return async (): Promise<{ Component: ComponentType }> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new PageLoadError('timeout')), PAGE_LOAD_TIMEOUT_MS);
    });
    try {
      const mod = await Promise.race([withNamespaces(namespaces, load()), timeout]);
      return { Component: mod.default };
    } catch (error) {
      const failure =
        error instanceof PageLoadError
          ? error
          : new PageLoadError(isOffline() ? 'offline' : 'failed', error);
      track(
        `${failure.reason === 'failed' ? 'loading' : failure.reason}_error`,
        { path: location.pathname },
        'warn',
      );
      throw failure;
    } finally {
      clearTimeout(timer);
    }
  };
}
