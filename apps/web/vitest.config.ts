import { defineProject } from 'vitest/config';
import { PREACT_ALIASES, REACT_LIBRARIES } from './renderer';

export default defineProject({
  // The tests run the renderer the build ships (decision 080).
  resolve: {
    alias: [
      // Testing Library's ES module (its `main` is CommonJS, whose require() no alias reaches).
      {
        find: /^@testing-library\/react$/,
        replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
      },
      ...PREACT_ALIASES,
    ],
    // ES modules of the React libraries (react-router's `node` export is CommonJS otherwise).
    conditions: ['module', 'browser', 'development'],
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
    // The second loads every area's strings (only app/ may import the features).
    setupFiles: ['src/test/setup.ts', 'src/app/test-setup.ts'],
    server: { deps: { inline: REACT_LIBRARIES } },
  },
});
