/// <reference lib="webworker" />
/**
 * The service worker (decision 074): the app's code is precached, the app document and API reads
 * come from the network and fall back to their last copy offline, and book media (pictures,
 * narration, timelines) are kept by path, so a book the child has opened reads offline. A book
 * saved for offline (decision 096) also answers its detail, summary and reader from the saved
 * cache when the network and the bounded API cache have nothing.
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
  tokenDigest,
} from './shared/offline/cache-rules';
import { openPushTarget, readPushNotice } from './shared/push/push-notification';

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

// The device's speech scorer (decision 107): fetched on a child's first use of speaking, then
// kept (its files are content-hashed); which model the server scores with is asked each time
// online and remembered for offline.
registerRoute(
  ({ request, url }) =>
    url.origin === self.location.origin && offlineRoute(url, request.mode) === 'speech',
  new CacheFirst({ cacheName: OFFLINE_CACHES.speech, plugins: [onlyComplete] }),
);
registerRoute(
  ({ request, url }) =>
    url.origin === self.location.origin && offlineRoute(url, request.mode) === 'speechModel',
  new NetworkFirst({ cacheName: OFFLINE_CACHES.speech, plugins: [onlyComplete] }),
);

/** Whose answer a request asks for: the same key the page computes for a saved book. */
async function answerKey(request: Request): Promise<string> {
  return apiCacheKey(
    new URL(request.url),
    await tokenDigest(request.headers.get('access_token')),
    request.headers.get('child_id'),
  );
}

/**
 * A saved book's answers (the page put them in the saved cache) are the last resort offline, and
 * are refreshed with every answer the network gives for them, so progress and locks stay current.
 */
const savedBooks = {
  handlerDidError: async ({ request }: { request: Request }) =>
    (await caches.open(OFFLINE_CACHES.saved)).match(await answerKey(request)),
  cacheDidUpdate: async ({ request }: { request: Request }) => {
    const saved = await caches.open(OFFLINE_CACHES.saved);
    if (!(await saved.match(request))) return;
    const fresh = await (await caches.open(OFFLINE_CACHES.api)).match(request);
    if (fresh) await saved.put(request, fresh);
  },
};

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
      { cacheKeyWillBeUsed: async ({ request }) => answerKey(request) },
      savedBooks,
    ],
  }),
);

// Push (decision 100): a reminder or report shows as a notification; a tap opens its screen in
// an open window of the app (or a new one).
self.addEventListener('push', (event) => {
  const notice = readPushNotice(event.data?.text());
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      icon: '/favicon.svg',
      data: { url: notice.url },
      tag: notice.url,
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openPushTarget(self.clients, self.location.origin, event.notification.data?.url));
});
