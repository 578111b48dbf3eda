// What a route downloads when it is opened: its lazy chunk plus the chunks it imports that the
// app's entry does not already load, gzip-compressed as served. Read from Vite's manifest.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const webSrc = path.resolve(import.meta.dirname, '../../apps/web/src');

/**
 * The locale chunks a route loads with its page (decision 106): its namespaces in
 * app/route-locales.ts, each the `import('…/locales')` of app/locales.ts's lazyNamespaces, as
 * Vite manifest keys.
 */
export function routeLocaleSources(route) {
  const table = fs.readFileSync(path.join(webSrc, 'app/route-locales.ts'), 'utf8');
  const locales = fs.readFileSync(path.join(webSrc, 'app/locales.ts'), 'utf8');
  const escaped = route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const entry = table.match(new RegExp(`'${escaped}':\\s*\\[([^\\]]*)\\]`));
  const namespaces = [...(entry?.[1] ?? '').matchAll(/'(\w+)'/g)].map((m) => m[1]);
  return namespaces.map((ns) => {
    const load = locales.match(new RegExp(`\\b${ns}: \\(\\) => import\\('\\.\\./([^']+)'\\)`));
    if (!load) throw new Error(`app/locales.ts has no loader for the namespace ${ns}`);
    return `src/${load[1]}.ts`;
  });
}

function readManifest(distDir) {
  const file = path.join(distDir, '.vite/manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${file} missing: build the web app first`);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** Every chunk key reachable from `key` through static imports. */
function staticClosure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) staticClosure(manifest, next, seen);
  return seen;
}

const gzipSize = (distDir, file) =>
  gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length;

/**
 * Size of a route's JavaScript: the lazy chunk of `source` and its static imports (and those of
 * `extra`, such as the route's locale chunks) minus what the entry (index.html) already loaded.
 * Returns bytes (raw and gzip) and the files counted.
 */
export function routeChunkSize(distDir, source, extra = []) {
  const manifest = readManifest(distDir);
  // The families' page; the operator console (ops.html) is a second entry of its own.
  const entryKey = manifest['index.html']?.isEntry
    ? 'index.html'
    : Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('no entry chunk in the Vite manifest');
  for (const key of [source, ...extra])
    if (!manifest[key]) throw new Error(`${key} is not a chunk of the build`);
  const preloaded = staticClosure(manifest, entryKey);
  const route = new Set();
  for (const key of [source, ...extra]) staticClosure(manifest, key, route);
  const files = [...route].filter((key) => !preloaded.has(key)).map((key) => manifest[key].file);
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    raw += fs.statSync(path.join(distDir, file)).size;
    gzip += gzipSize(distDir, file);
  }
  const entryGzip = [...preloaded].reduce((n, key) => n + gzipSize(distDir, manifest[key].file), 0);
  return { files, raw, gzip, entryGzip };
}

/**
 * The JavaScript of a first load of a route: the entry's static closure and the route's lazy
 * chunk with its static imports (`sources`: the page and the locale chunks it loads with it,
 * decision 106), each file once, gzip -9 as served (decision 072).
 */
export function firstLoadSize(distDir, sources) {
  const manifest = readManifest(distDir);
  const keys = staticClosure(manifest, 'index.html');
  for (const source of [sources].flat()) {
    if (!manifest[source]) throw new Error(`${source} is not a chunk of the build`);
    staticClosure(manifest, source, keys);
  }
  const files = [...keys].map((key) => manifest[key].file);
  const gzip = files.reduce((n, file) => n + gzipSize(distDir, file), 0);
  return { files, gzip };
}

/** Every chunk key the page `entry` can ever load (static and lazy imports). */
function fullClosure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  const entry = manifest[key];
  for (const next of [...(entry?.imports ?? []), ...(entry?.dynamicImports ?? [])]) {
    fullClosure(manifest, next, seen);
  }
  return seen;
}

/**
 * The operator console's files a family's page could load (none, decision 066): every module
 * under apps/web/src/ops reachable from index.html, statically or lazily, and any console file
 * the families' service worker would precache. Also checks that ops.html is an entry of its own.
 */
export function opsInFamilyBuild(distDir) {
  const manifest = readManifest(distDir);
  if (!manifest['ops.html']?.isEntry) throw new Error('ops.html is not an entry of the build');
  const family = fullClosure(manifest, 'index.html');
  const leaked = [...family].filter((key) => key.startsWith('src/ops/') || key === 'ops.html');
  // Nor may the families' service worker precache them (decision 074).
  const sw = path.join(distDir, 'sw.js');
  if (fs.existsSync(sw)) {
    const precache = fs.readFileSync(sw, 'utf8');
    for (const key of fullClosure(manifest, 'ops.html')) {
      if (family.has(key)) continue;
      const files = [manifest[key].file, ...(manifest[key].css ?? [])];
      for (const file of files) if (precache.includes(file)) leaked.push(`sw.js precaches ${file}`);
    }
  }
  return leaked;
}
