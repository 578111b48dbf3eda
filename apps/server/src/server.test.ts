import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { fixtureWebDist } from '../test/test-app';
import { loadConfig } from './platform/config';
import { startServer } from './server';

const tmpDirs: string[] = [];
const tmpDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'picbook-server-'));
  tmpDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('graceful shutdown', () => {
  it('finishes in-flight requests, refuses new ones and closes the database', async () => {
    const config = {
      ...loadConfig({ NODE_ENV: 'test' }),
      dataDir: tmpDir(),
      webDistDir: fixtureWebDist,
      mediaDir: tmpDir(),
      port: 0,
      host: '127.0.0.1',
    };
    const server = await startServer(config, { logger: false });
    server.app.get('/api/v1/__slow', async () => {
      await new Promise((r) => setTimeout(r, 400));
      return { code: 0, msg: 'ok', data: 'done' };
    });
    await server.app.listen({ host: config.host, port: 0 });
    const address = server.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    const base = `http://127.0.0.1:${address.port}`;

    const inFlight = fetch(`${base}/api/v1/__slow`).then((r) => r.json());
    await new Promise((r) => setTimeout(r, 100));
    const closed = server.shutdown('test');
    await expect(inFlight).resolves.toMatchObject({ code: 0, data: 'done' });
    await closed;
    await expect(fetch(`${base}/api/serverinfo`)).rejects.toThrow();
    expect(await server.database.ping()).toBe(false);
    // Starting imports the sample library: slow on a loaded machine, so more than the default.
  }, 60_000);

  it('the process migrates an on-disk database, serves, and exits 0 on SIGTERM', async () => {
    const dataDir = tmpDir();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')],
      {
        env: {
          ...process.env,
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          NODE_ENV: 'test',
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    // A failed run never leaves the server behind.
    onTestFinished(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const port = await new Promise<number>((resolve, reject) => {
      // Generous: on a loaded two-core machine the import of the sample library alone takes 20 s.
      const timer = setTimeout(() => reject(new Error(`no listen line in: ${output}`)), 75_000);
      child.stdout.on('data', () => {
        const match = output.match(/listening at http:\/\/127\.0\.0\.1:(\d+)/);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
    });
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/configs`);
    const body = (await res.json()) as { data: { default_region: number } };
    expect(body.data.default_region).toBe(214);
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(true);

    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(output).toContain('shutdown complete');
  }, 100_000);

  it('exits with a clear message on a bad setting', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')],
      {
        env: { ...process.env, PORT: 'eighty' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toContain('Invalid configuration');
    expect(stderr).toContain('PORT');
  }, 30_000);
});
