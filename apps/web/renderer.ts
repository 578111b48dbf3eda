import type { Alias } from 'vite';

/**
 * The renderer the web app ships: Preact through `preact/compat` (decision 080). Our code and its
 * React libraries (react-router, TanStack Query, react-i18next, zustand) import `react` and
 * `react-dom`; these aliases send every such import to Preact, in `vite build`, in `vite` (the
 * development server) and in the web unit tests, so all three run the same renderer. TypeScript
 * keeps React's types (`preact/compat` is typed as React).
 * A string alias also covers the paths under it: `react/jsx-runtime` → `preact/compat/jsx-runtime`,
 * `react-dom/client` → `preact/compat/client`, `react-dom/test-utils` → `preact/compat/test-utils`.
 */
export const PREACT_ALIASES: Alias[] = [
  { find: 'react', replacement: 'preact/compat' },
  { find: 'react-dom', replacement: 'preact/compat' },
  // react-i18next reads useSyncExternalStore through this CommonJS shim, whose require('react')
  // the unit tests would resolve natively to React: Preact has it.
  { find: /^use-sync-external-store\/shim$/, replacement: 'preact/compat' },
];

/**
 * Libraries that import React. The unit tests run node_modules natively, where the aliases do not
 * apply: these go through Vite's transform instead (vitest `server.deps.inline`), so they get
 * Preact too and there is one renderer, not two ("Invalid hook call").
 */
export const REACT_LIBRARIES: RegExp[] = [
  /\/node_modules\/@tanstack\/react-query\//,
  /\/node_modules\/react-i18next\//,
  /\/node_modules\/react-router\//,
  /\/node_modules\/zustand\//,
  /\/node_modules\/@testing-library\/react\//,
];
