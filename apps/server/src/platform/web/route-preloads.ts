import fs from 'node:fs';
import path from 'node:path';
import { spaCspFor } from '../http/security-headers';

/**
 * Per-route preload hints in index.html (decision 083). The web app's pages are lazy chunks: the
 * browser learns of the opening page's code only after the entry's JavaScript has been
 * downloaded and run, a second round trip on a slow phone. For the addresses a child opens the
 * app on (the library tab, a book in the reader), the server names that code in the page's
 * <head>: `modulepreload` for the page's chunk and the chunks it imports that the entry does not,
 * `preload` for their styles. The chunk graph is the build's own (dist/.vite/manifest.json).
 */

/**
 * Addresses whose opening page is known from the path alone, the page's source module, and the
 * Chinese strings its first paint waits for (`strings`: the `locales.ts` of each namespace the
 * web app's route table names for the page, apps/web/src/app/route-locales.ts; each a chunk of
 * its own, decision 106). Named here, they download beside the page's code instead of a round
 * trip after the router has run (decision 111).
 */
export const PRELOADED_PAGES: ReadonlyArray<{
  path: RegExp;
  source: string;
  strings: readonly string[];
}> = [
  {
    path: /^\/(?:library\/?)?$/,
    source: 'src/features/library/pages/LibraryPage.tsx',
    strings: ['src/features/library/locales.ts', 'src/features/missions/locales.ts'],
  },
  {
    path: /^\/library\/(?:read|cn_read|explain)\/\d+\/[^/]+\/?$/,
    source: 'src/features/library/reader/ReaderPage.tsx',
    strings: ['src/features/library/reader/locales.ts'],
  },
];

/** One chunk of Vite's build manifest (the fields used here). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type BuildManifest = Record<string, ManifestChunk>;

function staticClosure(manifest: BuildManifest, key: string, seen = new Set<string>()) {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const next of manifest[key].imports ?? []) staticClosure(manifest, next, seen);
  return seen;
}

/**
 * The <link> tags that preload the page of `source`: its chunk and the chunks it imports
 * statically, and the chunks of its `strings`, minus those the entry (index.html) loads anyway,
 * then their stylesheets. Empty when the build has no such page.
 */
export function preloadLinks(
  manifest: BuildManifest,
  source: string,
  strings: readonly string[] = [],
): string[] {
  if (!manifest[source]) return [];
  const entry = staticClosure(manifest, 'index.html');
  const page = new Set<string>();
  for (const key of [source, ...strings]) staticClosure(manifest, key, page);
  const chunks = [...page].filter((key) => !entry.has(key));
  const entryCss = new Set([...entry].flatMap((key) => manifest[key]?.css ?? []));
  const css = new Set(chunks.flatMap((key) => manifest[key]?.css ?? []));
  return [
    ...chunks.map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]?.file}">`),
    ...[...css]
      .filter((file) => !entryCss.has(file))
      .map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
  ];
}

/** index.html with the preloads of the page at `pathname` (unchanged for other addresses). */
export function withPreloads(html: string, manifest: BuildManifest, pathname: string): string {
  const page = PRELOADED_PAGES.find((p) => p.path.test(pathname));
  if (!page) return html;
  const links = preloadLinks(manifest, page.source, page.strings);
  if (links.length === 0 || !html.includes('</head>')) return html;
  return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
}

/** A families' page as sent: its HTML and the Content-Security-Policy that goes with it. */
export interface IndexPage {
  html: string;
  csp: string;
}

/**
 * index.html of `webDistDir` for an address, with its page's preloads and its CSP (which allows
 * the page's inline boot script by hash): each page is made once per build and kept; index.html
 * and the manifest are read again when either file changes (a rebuild while the server runs).
 */
export function indexPageReader(webDistDir: string): (pathname: string) => IndexPage {
  const indexFile = path.join(webDistDir, 'index.html');
  const manifestFile = path.join(webDistDir, '.vite', 'manifest.json');
  let cached: { stamp: string; page: IndexPage; manifest: BuildManifest } | null = null;
  /** The page per preloaded page (by its place in PRELOADED_PAGES), for `cached`. */
  const pages = new Map<number, IndexPage>();
  const stampOf = (file: string) => {
    try {
      const s = fs.statSync(file);
      return `${s.mtimeMs}:${s.size}`;
    } catch {
      return 'none';
    }
  };
  return (pathname) => {
    const stamp = `${stampOf(indexFile)}|${stampOf(manifestFile)}`;
    if (cached?.stamp !== stamp) {
      let manifest: BuildManifest = {};
      try {
        manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BuildManifest;
      } catch {
        // No manifest (an older build, a test fixture): the page goes out without preloads.
      }
      const html = fs.readFileSync(indexFile, 'utf8');
      cached = { stamp, page: { html, csp: spaCspFor(html) }, manifest };
      pages.clear();
    }
    const at = PRELOADED_PAGES.findIndex((p) => p.path.test(pathname));
    if (at < 0) return cached.page;
    let page = pages.get(at);
    if (page === undefined) {
      page = {
        html: withPreloads(cached.page.html, cached.manifest, pathname),
        csp: cached.page.csp,
      };
      pages.set(at, page);
    }
    return page;
  };
}
