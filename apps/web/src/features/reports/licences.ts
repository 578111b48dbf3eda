/**
 * What the web app ships, with each package's licence (/parents/aboutUs). A test checks that this
 * list names exactly the runtime dependencies of apps/web/package.json (build tools excepted).
 */
export const SHIPPED_LICENCES: ReadonlyArray<{ name: string; licence: string }> = [
  { name: '@fontsource/fredoka', licence: 'OFL-1.1' },
  { name: '@tanstack/react-query', licence: 'MIT' },
  { name: 'chart.js', licence: 'MIT' },
  // Zips a book folder in the operator console (decision 079).
  { name: 'fflate', licence: 'MIT' },
  { name: 'i18next', licence: 'MIT' },
  // The renderer, in place of React (decision 080).
  { name: 'preact', licence: 'MIT' },
  { name: 'qrcode', licence: 'MIT' },
  { name: 'react-i18next', licence: 'MIT' },
  { name: 'react-router', licence: 'MIT' },
  // The service worker's (decision 074).
  { name: 'workbox-cacheable-response', licence: 'MIT' },
  { name: 'workbox-core', licence: 'MIT' },
  { name: 'workbox-expiration', licence: 'MIT' },
  { name: 'workbox-precaching', licence: 'MIT' },
  { name: 'workbox-range-requests', licence: 'MIT' },
  { name: 'workbox-routing', licence: 'MIT' },
  { name: 'workbox-strategies', licence: 'MIT' },
  { name: 'workbox-window', licence: 'MIT' },
  { name: 'zustand', licence: 'MIT' },
];

/** Dependencies of apps/web that build the app and are not shipped in it. */
export const BUILD_ONLY = ['vite', '@vitejs/plugin-react', 'vite-plugin-pwa'];
