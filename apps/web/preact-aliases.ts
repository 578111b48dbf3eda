/**
 * React's API served by Preact (preact/compat, decision 077): react-dom alone was 64 KB of the
 * 191 KB gzip first load, Preact is 8 KB. `vite build` uses these aliases (vite.config.ts), so
 * the Playwright journeys and the bench run what ships; the code keeps importing from 'react'.
 * `vite` (dev, for the React plugin's fast refresh) and the unit tests still run React: vitest
 * does not apply aliases inside the libraries it loads natively (react-i18next, TanStack Query).
 */
export const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];
