import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
// @ts-expect-error plain ESM helper shared with scripts/screenshots.mjs; no type declarations
import { chromiumArgs, chromiumPath } from './scripts/lib/chromium.mjs';
// @ts-expect-error plain ESM helper shared with the benchmarks and the scale-out check
import { demoProductionEnv } from './scripts/lib/product-env.mjs';

const port = Number(process.env.E2E_PORT ?? 8181);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'picbook-e2e-'));

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  timeout: 30_000,
  fullyParallel: true,
  workers: 2,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1024, height: 768 },
    locale: 'zh-CN',
    // The offline worker answers requests page.route cannot see; the offline journey allows it.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  webServer: {
    // The README's start command: builds the web app when needed, then serves everything.
    command: 'node scripts/start.mjs',
    url: `http://127.0.0.1:${port}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // The journeys read codes from the SMS outbox and use the simulated OAuth consent page.
      ...demoProductionEnv(),
      // One proxy hop is trusted: the journeys' families ask for SMS codes from their own
      // (loopback) addresses through X-Forwarded-For (e2e/family.ts), as families behind a
      // load balancer do; the browser's own requests carry none and stay 127.0.0.1.
      TRUST_PROXY: '1',
    },
  },
});
