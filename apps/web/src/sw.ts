/// <reference lib="webworker" />
/**
 * The service worker (decision 074): the app's code is precached, the app document and API reads
 * come from the network and fall back to their last copy offline, and book media (pictures,
 * narration, timelines) are kept by path, so a book the child has opened reads offline.
 * Built by vite-plugin-pwa (injectManifest) with Workbox; typechecked by tsconfig.sw.json.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { RangeRequestsPlugin } from 'workbox-range-requests';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  apiCacheKey,
  mediaCacheKey,
  OFFLINE_CACHES,
  OFFLINE_LIMITS,
  offlineRoute,
  PAGE_CACHE_KEY,
} from './shared/offline/cache-rules';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string }> };

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

const onlyComplete = new CacheableResponsePlugin({ statuses: [200] });

registerRoute(
  ({ request, url }) =>
    url.origin === self.location.origin && offlineRoute(url, request.mode) === 'page',
  new NetworkFirst({
    cacheName: OFFLINE_CACHES.pages,
    plugins: [onlyComplete, { cacheKeyWillBeUsed: async () => PAGE_CACHE_KEY }],
  }),
);

registerRoute(
  ({ request, url }) =>
    url.origin === self.location.origin && offlineRoute(url, request.mode) === 'media',
  new CacheFirst({
    cacheName: OFFLINE_CACHES.media,
    plugins: [
      onlyComplete,
      new RangeRequestsPlugin(),
      new ExpirationPlugin({
        maxEntries: OFFLINE_LIMITS.mediaEntries,
        maxAgeSeconds: OFFLINE_LIMITS.maxAgeSeconds,
        purgeOnQuotaError: true,
      }),
      { cacheKeyWillBeUsed: async ({ request }) => mediaCacheKey(new URL(request.url)) },
    ],
  }),
);

async function digest(value: string): Promise<string> {
  if (!value) return 'guest';
  const bytes = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value));
  return [...new Uint8Array(bytes).slice(0, 12)]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('');
}

registerRoute(
  ({ request, url }) =>
    url.origin === self.location.origin && offlineRoute(url, request.mode) === 'api',
  new NetworkFirst({
    cacheName: OFFLINE_CACHES.api,
    plugins: [
      onlyComplete,
      new ExpirationPlugin({
        maxEntries: OFFLINE_LIMITS.apiEntries,
        maxAgeSeconds: OFFLINE_LIMITS.maxAgeSeconds,
        purgeOnQuotaError: true,
      }),
      {
        cacheKeyWillBeUsed: async ({ request }) =>
          apiCacheKey(
            new URL(request.url),
            await digest(request.headers.get('access_token') ?? ''),
            request.headers.get('child_id'),
          ),
      },
    ],
  }),
);
