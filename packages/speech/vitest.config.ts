import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'speech',
    include: ['src/**/*.test.ts'],
    setupFiles: ['../../scripts/test/console-guard.ts'],
    // Creating a SoundSwallower decoder takes ~0.3 s; alignment runs at ~0.03× real time.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
