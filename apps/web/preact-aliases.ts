/**
 * React's API served by Preact (preact/compat, decision 077): react-dom alone was 64 KB of the
 * 191 KB gzip first load, Preact is 8 KB. The build and `vite` use these aliases, so the
 * Playwright journeys run what ships; the code keeps importing from 'react'. The unit tests
 * (vitest.config.ts) still render with React: vitest does not apply aliases inside the
 * libraries it loads natively (react-i18next, TanStack Query), see decision 077.
 */
export const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];
