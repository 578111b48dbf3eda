// The inputs of the web build, hashed: `npm start` rebuilds only when this hash changes, and the
// hash is the build's `source` in /build.json, so clients notice a new version.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const webDir = path.join(repoRoot, 'apps/web');
export const webDistDir = path.join(webDir, 'dist');

const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/ops.html',
  'apps/web/vite.config.ts',
  'apps/web/renderer.ts',
  'apps/web/package.json',
  'packages/contracts/src',
  'packages/domain/src',
  // The device's speech scorer (decision 107) is built from the speech package.
  'packages/speech/src',
  'packages/speech/package.json',
  'package-lock.json',
];

function listFiles(target) {
  if (!fs.existsSync(target)) return [];
  const stat = fs.statSync(target);
  if (stat.isFile()) return [target];
  return fs
    .readdirSync(target, { withFileTypes: true })
    .filter((e) => !e.name.startsWith('.') && !/\.test\.tsx?$/.test(e.name))
    .flatMap((e) => listFiles(path.join(target, e.name)));
}

/** Short content hash of everything the web build reads. */
export function webSourceHash() {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of listFiles(path.join(repoRoot, input)).sort()) {
      hash.update(path.relative(repoRoot, file));
      hash.update('\0');
      hash.update(fs.readFileSync(file));
      hash.update('\0');
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** The source hash of the current build in dist, or null when there is none. */
export function builtSourceHash() {
  try {
    return JSON.parse(fs.readFileSync(path.join(webDistDir, 'build.json'), 'utf8')).source ?? null;
  } catch {
    return null;
  }
}
