// Every screen asks for the Chinese strings it shows (decision 106): the shell registers only its
// own namespaces at start, a route's page and a lazy screen fetch theirs beside their code. This
// test reads the source: which namespaces each module uses (useTranslation('ns'), 'ns:key',
// { ns: 'ns' }, getFixedT(null, 'ns')) and what it imports, and checks the declarations against
// what the code reached from each screen really shows.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lazyNamespaces, shellNamespaces } from './locales';
import { ROUTE_NAMESPACES } from './route-locales';

const SRC = path.resolve(import.meta.dirname, '..');
const KNOWN = new Set([...Object.keys(lazyNamespaces), ...Object.keys(shellNamespaces)]);
const AT_START = new Set(['translation', ...Object.keys(shellNamespaces)]);

interface ModuleInfo {
  imports: string[];
  lazyImports: string[];
  namespaces: Set<string>;
  code: string;
}

function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}/index.ts`,
    `${base}/index.tsx`,
  ]) {
    if (/\.tsx?$/.test(candidate) && fs.existsSync(candidate)) return candidate;
  }
  return null;
}

/**
 * A feature's index.ts only passes names on (`export { x } from './file'`): an import from it
 * reaches the files of the names it takes, as the bundle does (the other files stay out of the
 * importer's chunk), not every file the index names.
 */
const ENTRY = /\/features\/[^/]+\/index\.tsx?$/;
const entries = new Map<string, Map<string, string>>();
function entryNames(entry: string): Map<string, string> {
  const known = entries.get(entry);
  if (known) return known;
  const names = new Map<string, string>();
  const code = fs.readFileSync(entry, 'utf8');
  for (const m of code.matchAll(/export\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g)) {
    const target = !m[1] && m[3] ? resolve(entry, m[3]) : null;
    if (!target) continue;
    for (const part of (m[2] ?? '').split(',')) {
      const bits = part.trim().split(/\s+as\s+/);
      const name = (bits[1] ?? bits[0] ?? '').trim();
      if (name && !name.startsWith('type ')) names.set(name, target);
    }
  }
  entries.set(entry, names);
  return names;
}
function throughEntry(target: string, clause: string | undefined): string[] {
  const named = clause?.match(/^\s*\{([^}]*)\}\s*from\s+$/);
  if (!ENTRY.test(target) || !named) return [target];
  const names = entryNames(target);
  const out = new Set<string>();
  for (const part of (named[1] ?? '').split(',')) {
    const name = (part.trim().split(/\s+as\s+/)[0] ?? '').trim();
    if (!name || name.startsWith('type ')) continue;
    const file = names.get(name);
    // A name the index does not pass on: the whole index, so the check stays on the safe side.
    if (!file) return [target];
    out.add(file);
  }
  return [...out];
}

const modules = new Map<string, ModuleInfo>();
function read(file: string): ModuleInfo {
  const known = modules.get(file);
  if (known) return known;
  const code = fs.readFileSync(file, 'utf8');
  const imports: string[] = [];
  for (const m of code.matchAll(
    /(?:^|\n)\s*(?:import|export)\s+(type\s+)?([^'";]*?\sfrom\s+)?'([^']+)'/g,
  )) {
    const target = !m[1] && m[3] ? resolve(file, m[3]) : null;
    if (target) imports.push(...throughEntry(target, m[2]));
  }
  const lazyImports: string[] = [];
  for (const m of code.matchAll(/import\(\s*'([^']+)'\s*\)/g)) {
    const target = m[1] ? resolve(file, m[1]) : null;
    if (target) lazyImports.push(target);
  }
  const namespaces = new Set<string>();
  for (const pattern of [
    /useTranslation\(\s*'(\w+)'/g,
    /getFixedT\([^,]+,\s*'(\w+)'/g,
    /['"`](\w+):[\w.$]/g,
    /\bns:\s*'(\w+)'/g,
  ]) {
    for (const m of code.matchAll(pattern)) if (m[1] && KNOWN.has(m[1])) namespaces.add(m[1]);
  }
  const info = { imports, lazyImports, namespaces, code };
  modules.set(file, info);
  return info;
}

/** A module's closure: its static imports, and with `lazy` the code it loads later too. */
function closure(start: string, lazy: boolean): Set<string> {
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    // A locale file is the strings themselves, not a screen showing them.
    if (
      seen.has(file) ||
      /\.test\.tsx?$|\/locales(\.en)?\.ts$|\/app\/locales(-en)?\.ts$/.test(file)
    )
      continue;
    seen.add(file);
    const info = read(file);
    stack.push(...info.imports, ...(lazy ? info.lazyImports : []));
  }
  return seen;
}

/** The namespaces beyond the shell's that the code reached from `file` shows, with one user each. */
function shown(file: string, lazy = true): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of closure(file, lazy)) {
    for (const ns of read(f).namespaces) {
      if (!AT_START.has(ns) && !out.has(ns)) out.set(ns, path.relative(SRC, f));
    }
  }
  return out;
}

const routerSource = fs.readFileSync(path.join(SRC, 'app/router.tsx'), 'utf8');
/** The page module of each route of `pages` in router.tsx. */
const routePages = [
  ...routerSource.matchAll(/'(\/[^']*)':\s*\(\)\s*=>\s*import\('([^']+)'\)/g),
].map((m) => ({
  route: m[1] as string,
  page: resolve(path.join(SRC, 'app/router.tsx'), m[2] as string),
}));

describe('each screen asks for the strings it shows (decision 106)', () => {
  it('reads the route table of router.tsx', () => {
    expect(routePages.length).toBeGreaterThanOrEqual(72);
    expect(routePages.every((r) => r.page)).toBe(true);
  });

  it('the shell shows only the namespaces registered at start', () => {
    expect(Object.fromEntries(shown(path.join(SRC, 'main.tsx'), false))).toEqual({});
  });

  it("every route's table entry names what its page shows, and nothing it does not", () => {
    const expected: Record<string, string[]> = {};
    for (const { route, page } of routePages) {
      const needs = [...shown(page as string).keys()].sort();
      if (needs.length > 0) expected[route] = needs;
    }
    const declared = Object.fromEntries(
      Object.entries(ROUTE_NAMESPACES).map(([route, ns]) => [route, [...(ns ?? [])].sort()]),
    );
    expect(declared).toEqual(expected);
  });

  it('every other lazy screen the shell loads fetches its strings with it (withNamespaces)', () => {
    const pageFiles = new Set(routePages.map((r) => r.page));
    const missing: string[] = [];
    for (const file of closure(path.join(SRC, 'main.tsx'), false)) {
      const { code, lazyImports } = read(file);
      const declared = new Map<string, Set<string>>();
      const declare = (spec: string, list: string | undefined) => {
        const target = resolve(file, spec);
        const names = [...(list ?? '').matchAll(/'(\w+)'/g)].map((n) => n[1] as string);
        if (target) declared.set(target, new Set(names));
      };
      for (const m of code.matchAll(/withNamespaces\(\s*\[([^\]]*)\],\s*import\('([^']+)'\)/g))
        declare(m[2] as string, m[1]);
      for (const m of code.matchAll(
        /lazyPage\(\s*\(\)\s*=>\s*import\('([^']+)'\)(?:,\s*\[([^\]]*)\])?/g,
      ))
        declare(m[1] as string, m[2]);
      for (const target of lazyImports) {
        if (pageFiles.has(target)) continue;
        for (const ns of shown(target).keys()) {
          if (!declared.get(target)?.has(ns))
            missing.push(`${path.relative(SRC, file)} → ${path.relative(SRC, target)}: ${ns}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('finds a namespace a screen shows without asking for it (the check can fail)', () => {
    const reader = routePages.find((r) => r.route === '/library/read/:bookId/:processId');
    expect(shown(reader?.page as string).has('reader')).toBe(true);
    expect(shown(path.join(SRC, 'features/auth/pages/lazy-login.tsx')).has('child')).toBe(true);
  });
});
