import { defineConfig } from 'vitest/config';

/** Every project fails a test on an unexpected console.error (house style). */
const setupFiles = ['scripts/test/console-guard.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          setupFiles,
          include: [
            'packages/domain/src/**/*.test.ts',
            'packages/content/src/**/*.test.ts',
            'packages/contracts/src/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'content',
          setupFiles,
          include: ['scripts/content/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          setupFiles,
          include: ['apps/server/src/**/*.test.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
      'packages/speech/vitest.config.ts',
    ],
  },
});
