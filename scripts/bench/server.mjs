// The product's server for a benchmark: production mode, a fresh data directory, the development
// adapters allowed, on 127.0.0.1:`port`; `envOverrides` set more (WEB_DIST_DIR for another build,
// DATABASE_URL …). Resolves once /healthz answers; `stop()` ends it and removes its data.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoProductionEnv } from '../lib/product-env.mjs';
import { repoRoot } from '../lib/web-source.mjs';

export async function startServer(port, envOverrides = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'picbook-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...demoProductionEnv(),
      ...envOverrides,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  for (let i = 0; i < 240 && !exited; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  if (exited) throw new Error('the server did not start; see its output above');
  return {
    base,
    pid: child.pid,
    stop: () => {
      child.kill('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
