#!/usr/bin/env node
// `npm start`: builds the web app when its sources changed since the last build, then runs the
// server (API + web app + embedded database + sample content) on one port.
import { spawnSync } from 'node:child_process';
import { builtSourceHash, repoRoot, webSourceHash } from './lib/web-source.mjs';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`PicBook needs Node.js 20.19 or newer; this is ${process.versions.node}.`);
  process.exit(1);
}

const wanted = webSourceHash();
if (builtSourceHash() !== wanted || process.argv.includes('--rebuild')) {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@picbook/web'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('The web build failed; see the output above.');
    process.exit(result.status ?? 1);
  }
} else {
  console.log('Web app is up to date.');
}

// Run the server in this process (signals reach it directly for a graceful shutdown).
const { register } = await import('tsx/esm/api');
register();
await import('../apps/server/src/main.ts');
