// The pieces `npm run scaleout` starts on one machine: a throwaway PostgreSQL database, a Redis
// db index of its own, s3rver in a child process, N API processes (apps/server/src/main.ts as
// `npm start` runs it) and HAProxy in front of them, round-robin. Everything is stopped and
// removed by `stop()`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { demoProductionEnv } from '../lib/product-env.mjs';

const require = createRequire(import.meta.url);
const serverRequire = (name, repoRoot) =>
  require(require.resolve(name, { paths: [path.join(repoRoot, 'apps/server')] }));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where Debian puts HAProxy; null (with the reason printed by the caller) when it is missing. */
export function findHaproxy() {
  for (const candidate of ['/usr/sbin/haproxy', '/usr/bin/haproxy']) {
    if (fs.existsSync(candidate)) return candidate;
  }
  const which = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() : null;
}

/** A fresh database on the local server; `drop()` removes it (and every connection to it). */
export async function createDatabase({ repoRoot, adminUrl }) {
  const { Client } = serverRequire('pg', repoRoot);
  const name = `picbook_scaleout_${Date.now()}_${process.pid}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const client = new Client({ connectionString: url.toString() });
  let connected = null;
  return {
    name,
    url: url.toString(),
    /** A client for the checks (connected on first use). */
    async query(sql, params) {
      connected ??= client.connect();
      await connected;
      return (await client.query(sql, params)).rows;
    },
    async drop() {
      if (connected) await client.end().catch(() => {});
      const a = new Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await a.end();
    },
  };
}

/** The Redis db index of this script, emptied before and after (no other keys live there). */
export async function claimRedisDb({ repoRoot, baseUrl, db }) {
  const { Redis } = serverRequire('ioredis', repoRoot);
  const url = `${baseUrl.replace(/\/\d*$/, '')}/${db}`;
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    lazyConnect: true,
    retryStrategy: () => null,
  });
  redis.on('error', () => {}); // the failed connect below says it
  await redis.connect();
  await redis.flushdb();
  return {
    url,
    async release() {
      await redis.flushdb().catch(() => {});
      await redis.quit().catch(() => {});
    },
  };
}

/** s3rver (npm, a devDependency of apps/server) in a child process with one bucket. */
export async function startS3rver({ repoRoot, port, bucket, logDir }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'picbook-scaleout-s3-'));
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 's3rver-child.mjs'), dir, String(port), bucket],
    {
      cwd: path.join(repoRoot, 'apps/server'),
      stdio: ['ignore', 'pipe', fs.openSync(path.join(logDir, 's3rver.log'), 'a'), 'ipc'],
    },
  );
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`s3rver exited ${code}`)));
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    /** The folder s3rver keeps the bucket's objects in. */
    dir,
    async stop() {
      child.kill('SIGTERM');
      await sleep(200);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * One API process, started like `npm start` starts the server (tsx, apps/server/src/main.ts),
 * with its own DATA_DIR (so nothing it shares can hide on a local disk) and INSTANCE_NAME.
 */
export function apiProcess({ repoRoot, name, port, env, logDir }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `picbook-scaleout-${name}-`));
  const log = path.join(logDir, `api-${name}.log`);
  let child = null;
  const self = {
    name,
    port,
    dataDir,
    log,
    get pid() {
      return child?.pid ?? null;
    },
    async start() {
      const out = fs.openSync(log, 'a');
      child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: repoRoot,
        env: {
          ...process.env,
          ...env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          INSTANCE_NAME: name,
        },
        stdio: ['ignore', out, out],
      });
      const started = child;
      let exited = false;
      started.once('exit', () => {
        exited = true;
      });
      for (let i = 0; i < 240 && !exited; i++) {
        try {
          if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
        } catch {
          // not listening yet
        }
        await sleep(250);
      }
      throw new Error(`API process ${name} did not start; see ${log}`);
    },
    /** SIGKILL: no graceful shutdown, in-flight requests die with it. */
    kill() {
      child?.kill('SIGKILL');
    },
    async stop() {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([done, sleep(10_000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
    cleanup() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return self;
}

/**
 * HAProxy config: round-robin over the API processes, health checks on /healthz, retries a
 * refused connection on another server (`option redispatch`), X-Forwarded-For for TRUST_PROXY=1.
 * The check may pin a request with `x-scaleout-pin: <name>` (ignored when that server is down;
 * every answer names its process in `x-instance`, so the check sees which one answered).
 */
export function haproxyConfig({ port, servers, socket }) {
  return `global
  maxconn 4096
  stats socket ${socket} mode 600 level admin

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-request 10s
  # A busy machine may answer /healthz slowly: that is not a dead process.
  timeout check 3s
  retries 3
  option redispatch
  option forwardfor

frontend picbook
  bind 127.0.0.1:${port}
  default_backend api

backend api
  balance roundrobin
  option httpchk GET /healthz
  http-check expect status 200
${servers.map((s) => `  use-server ${s.name} if { req.hdr(x-scaleout-pin) -m str ${s.name} }`).join('\n')}
${servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check inter 1s fall 3 rise 2`).join('\n')}
`;
}

/** HAProxy in the foreground with a generated config; `command()` talks to its admin socket. */
export async function startHaproxy({ binary, port, servers, logDir }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'picbook-scaleout-haproxy-'));
  const socket = path.join(dir, 'admin.sock');
  const config = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(config, haproxyConfig({ port, servers, socket }));
  const check = spawnSync(binary, ['-c', '-f', config], { encoding: 'utf8' });
  if (check.status !== 0)
    throw new Error(`haproxy refused its config:\n${check.stdout}${check.stderr}`);
  const out = fs.openSync(path.join(logDir, 'haproxy.log'), 'a');
  const child = spawn(binary, ['-db', '-f', config], { stdio: ['ignore', out, out] });
  const command = (line) =>
    new Promise((resolve, reject) => {
      const c = net.createConnection(socket);
      let text = '';
      c.on('data', (d) => {
        text += d;
      });
      c.on('end', () => resolve(text));
      c.on('error', reject);
      c.end(`${line}\n`);
    });
  for (let i = 0; i < 40; i++) {
    if (child.exitCode !== null) throw new Error(`haproxy exited ${child.exitCode}`);
    try {
      await command('show info');
      break;
    } catch {
      await sleep(100);
    }
  }
  const self = {
    base: `http://127.0.0.1:${port}`,
    config,
    command,
    /** Per server: status (UP/DOWN/MAINT) and sessions served so far (`stot`). */
    async stats() {
      const csv = (await command('show stat')).replace(/^# /, '').trim().split('\n');
      const head = csv[0].split(',');
      return csv
        .slice(1)
        .map((line) => Object.fromEntries(line.split(',').map((v, i) => [head[i], v])))
        .filter((row) => row.pxname === 'api' && row.svname !== 'BACKEND')
        .map((row) => ({ name: row.svname, status: row.status, served: Number(row.stot) }));
    },
    /** Waits until the named servers have the wanted status (UP, DOWN or MAINT). */
    async waitFor(names, status, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const rows = await self.stats();
        if (names.every((n) => rows.find((r) => r.name === n)?.status.startsWith(status))) return;
        if (Date.now() > until)
          throw new Error(`haproxy: ${names.join(', ')} not ${status}: ${JSON.stringify(rows)}`);
        await sleep(200);
      }
    },
    /** Takes a server out of (or back into) the rotation without touching its process. */
    async setEnabled(name, enabled) {
      await command(`${enabled ? 'enable' : 'disable'} server api/${name}`);
    },
    async stop() {
      child.kill('SIGTERM');
      await sleep(200);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return self;
}

/** Settings every API process shares: the same database, Redis, bucket and media key. */
export function sharedEnv({ databaseUrl, redisUrl, s3 }) {
  return {
    // The development SMS outbox and operator stand in for the outside world (a demo set-up).
    ...demoProductionEnv(),
    TRUST_PROXY: '1',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: '1',
  };
}
