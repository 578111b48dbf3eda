#!/usr/bin/env node
// Runs the Playwright journeys in Debian's Chromium. Without a Chromium the run is skipped with
// the reason printed (CI installs it; see .ci/run).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { repoRoot } from './lib/web-source.mjs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
const chromium = candidates.find((p) => p && fs.existsSync(p));
if (!chromium) {
  console.log(
    'SKIPPED e2e: no Chromium found (set CHROMIUM_PATH or `apt-get install -y chromium`).',
  );
  process.exit(0);
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
process.exit(result.status ?? 1);
