#!/usr/bin/env node
// `npm run dev`: the API with restart-on-change (tsx watch) on :8080 and Vite with hot module
// reload on :5173, which proxies /api, /media, /uploads, /dev and /build.json to the API. Open :5173.
import concurrently from 'concurrently';
import { repoRoot } from './lib/web-source.mjs';

const apiPort = process.env.PORT ?? '8080';
const { result } = concurrently(
  [
    {
      name: 'api',
      command: 'npx tsx watch --clear-screen=false apps/server/src/main.ts',
      env: { PORT: apiPort, NODE_ENV: 'development' },
      prefixColor: 'cyan',
    },
    {
      name: 'web',
      command: 'npx vite --host',
      cwd: `${repoRoot}/apps/web`,
      env: { API_PORT: apiPort },
      prefixColor: 'magenta',
    },
  ],
  { cwd: repoRoot, killOthersOn: ['failure', 'success'], prefix: 'name' },
);
console.log('PicBook dev: open http://localhost:5173 (API on :%s)', apiPort);
result.catch(() => process.exit(1));
