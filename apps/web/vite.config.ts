import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { type Alias, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
// @ts-expect-error plain ESM helper shared with scripts/start.mjs; it has no type declarations
import { webSourceHash } from '../../scripts/lib/web-source.mjs';
import { iconSprite } from './icon-sprite';
import { PREACT_ALIASES } from './renderer';

const source: string = webSourceHash();
const time = Math.floor(Date.now() / 1000);

/** Writes /build.json ({source, time}) next to index.html for the client's version check. */
function buildInfo(): Plugin {
  return {
    name: 'picbook-build-info',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'build.json',
        source: JSON.stringify({ source, time }),
      });
    },
  };
}

/**
 * The operator console is its own page (ops.html): in development /ops/* gets it, as the server
 * does in production (platform/web/web.plugin.ts).
 */
function opsEntry(): Plugin {
  return {
    name: 'picbook-ops-entry',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url === '/ops' || req.url?.startsWith('/ops/')) req.url = '/ops.html';
        next();
      });
    },
  };
}

/** Text files worth compressing; smaller ones cost more in headers than they save. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;

/**
 * Writes name.br (brotli, best quality) and name.gz (gzip -9) beside each text file of the
 * build; the server sends them with Content-Encoding and Vary (decision 072), so no byte of the
 * first load is compressed per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'picbook-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) =>
            e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
          );
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
        const body = fs.readFileSync(file);
        if (body.length < MIN_BYTES) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(body, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * Fewer files on the first load (decision 083). Left to itself the bundler splits the modules a
 * lazy page shares with other pages into many small chunks (the library tab loaded 26 scripts):
 * on HTTP/1.1 a phone fetches six at a time, a round trip each. These groups put
 *   - the entry's own modules (its static imports) in one `shell` chunk,
 *   - what the library tab's page imports beyond the shell in one `library-deps` chunk,
 *   - what the reader's page imports beyond those in one `reader-deps` chunk.
 * Modules the operator console reaches (statically or lazily) are never grouped: a group's modules
 * all run when its chunk loads, and the console must not run the families' code.
 */
function firstScreenChunks() {
  const groups = {
    common: new Set<string>(),
    shell: new Set<string>(),
    library: new Set<string>(),
    reader: new Set<string>(),
  };
  const skipped = new Set<string>();
  const pages = {
    main: '/src/main.tsx',
    library: '/src/features/library/pages/LibraryPage.tsx',
    reader: '/src/features/library/reader/ReaderPage.tsx',
  };
  const plugin: Plugin = {
    name: 'picbook-first-screen-chunks',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const find = (suffix: string) => ids.find((id) => id.endsWith(suffix));
      const walk = (start: string | undefined, into: Set<string>, lazy: boolean) => {
        const stack = start ? [start] : [];
        while (stack.length > 0) {
          const id = stack.pop() as string;
          if (into.has(id) || skipped.has(id)) continue;
          into.add(id);
          const info = this.getModuleInfo(id);
          stack.push(...(info?.importedIds ?? []));
          if (lazy) stack.push(...(info?.dynamicallyImportedIds ?? []));
        }
      };
      for (const set of Object.values(groups)) set.clear();
      skipped.clear();
      const ops = new Set<string>();
      walk(find('/ops.html'), ops, true);
      const firstScreens = new Set<string>();
      for (const page of [pages.main, pages.library, pages.reader]) {
        walk(find(page), firstScreens, false);
      }
      for (const id of ops) {
        skipped.add(id);
        if (firstScreens.has(id)) groups.common.add(id);
      }
      walk(find(pages.main), groups.shell, false);
      for (const id of groups.shell) skipped.add(id);
      walk(find(pages.library), groups.library, false);
      for (const id of groups.library) skipped.add(id);
      walk(find(pages.reader), groups.reader, false);
    },
  };
  const isPage = (id: string) => Object.values(pages).some((p) => id.endsWith(p));
  const group = (name: string, set: Set<string>, priority: number) => ({
    name,
    priority,
    test: (id: string) => set.has(id) && !isPage(id),
  });
  return {
    plugin,
    groups: [
      group('common', groups.common, 40),
      group('shell', groups.shell, 30),
      group('library-deps', groups.library, 20),
      group('reader-deps', groups.reader, 10),
    ],
  };
}
const firstScreen = firstScreenChunks();

/** The chunks every first load runs at once: its entry and the first screen's groups. */
const FIRST_SCREEN_CHUNKS = new Set(['main', 'common', 'shell', 'library-deps', 'reader-deps']);

/**
 * V8's explicit compile hint (Chrome 136+; other browsers ignore the comment) atop the first
 * screen's chunks: every function of the file is compiled while it downloads, off the main thread,
 * instead of one by one on the main thread at its first call (issue 41). V8 reads it on the file's
 * first line only, so it is added last, after Vite put its preload list atop the chunks that have
 * one; their source maps move down a line with it.
 */
function eagerCompileHint(): Plugin {
  const hint = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'picbook-eager-compile-hint',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !FIRST_SCREEN_CHUNKS.has(chunk.name)) continue;
          chunk.code = hint + chunk.code;
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
          const map = bundle[`${chunk.fileName}.map`];
          if (map?.type === 'asset') {
            const json = JSON.parse(String(map.source));
            json.mappings = `;${json.mappings}`;
            map.source = JSON.stringify(json);
          }
        }
      },
    },
  };
}

/**
 * The entry's stylesheet inside index.html (decision 114): on HTTP/1.1 a phone opens six
 * connections, and the first screen's stylesheet took one of them for a round trip of its own
 * while the scripts, the boot fetch and the covers waited; inline, the first paint waits for no
 * request. The file is still written (the service worker keeps it; nothing loads it). The
 * Content-Security-Policy allows inline styles (platform/http/security-headers.ts).
 */
function inlineEntryStyles(): Plugin {
  return {
    name: 'picbook-inline-entry-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle || path.basename(ctx.filename) !== 'index.html') return html;
        return html.replace(
          /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g,
          (tag, file: string) => {
            const asset = ctx.bundle?.[file];
            if (asset?.type !== 'asset') return tag;
            const css = String(asset.source);
            return css.includes('</style') ? tag : `<style>${css}</style>`;
          },
        );
      },
    },
  };
}

/**
 * The first screens' icons (/library's and the reader's) in one SVG file (decision 114): each imports as
 * `/assets/first-screen-icons-<hash>.svg#<name>`, a `<view>` of the sprite. Every SVG picture is
 * a document of its own in the browser (~2.5 ms of main-thread CPU each on the bench's host, 11
 * on /library's first screen, 5 on the reader's) and a request of its own; one file is one of each. Only pictures
 * shown by `<img>` (a fragment's view is the browser's to apply; a canvas would not), named here.
 */
export const FIRST_SCREEN_ICONS = [
  'src/shared/ui/icons/tab-library.svg',
  'src/shared/ui/icons/tab-learning.svg',
  'src/shared/ui/icons/tab-words.svg',
  'src/shared/ui/illustrations/logo-mark.svg',
  'src/shared/ui/icons/coin.svg',
  'src/shared/ui/icons/credit.svg',
  'src/shared/ui/icons/diamond.svg',
  'src/shared/ui/icons/music-on.svg',
  'src/shared/ui/icons/parents.svg',
  'src/features/missions/icons/footprint.svg',
  'src/shared/ui/icons/lock.svg',
  // The reader's first screen.
  'src/shared/ui/icons/back.svg',
  'src/shared/ui/icons/speaker.svg',
  'src/shared/ui/icons/play.svg',
  'src/shared/ui/icons/page-prev.svg',
  'src/shared/ui/icons/page-next.svg',
];

function firstScreenIconSprite(): Plugin {
  const root = import.meta.dirname;
  const files = FIRST_SCREEN_ICONS.map((f) => path.resolve(root, f));
  const nameOf = (file: string) => path.basename(file, '.svg');
  /** The sprite's asset in the current build, emitted once per build. */
  let ref = '';
  return {
    name: 'picbook-first-screen-icon-sprite',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      const source = iconSprite(
        files.map((f) => ({ name: nameOf(f), svg: fs.readFileSync(f, 'utf8') })),
      );
      ref = this.emitFile({ type: 'asset', name: 'first-screen-icons.svg', source });
    },
    load(id) {
      if (id.includes('?') || !files.includes(id)) return null;
      return `export default import.meta.ROLLUP_FILE_URL_${ref} + ${JSON.stringify(`#${nameOf(id)}`)};`;
    },
  };
}

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;

/**
 * React Router's production build for `vite build` (decision 114). Its package exports only its
 * development build (remix-run/react-router#12532, #14102): development warnings on, checks and
 * messages no user sees, parsed and run on every first load. The development server and the unit
 * tests keep the development build and its warnings.
 */
const REACT_ROUTER_PRODUCTION: Alias = {
  find: /^react-router$/,
  replacement: path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production/index.mjs',
  ),
};

export default defineConfig(({ command }) => ({
  // Preact in place of React everywhere (decision 080).
  resolve: {
    alias: [
      ...PREACT_ALIASES,
      ...(command === 'build' ? [REACT_ROUTER_PRODUCTION] : []),
      // SoundSwallower's web build imports a Blob polyfill that needs a document (decision 107).
      {
        find: /^blob-polyfill$/,
        replacement: path.resolve(
          import.meta.dirname,
          '../../packages/speech/src/browser/native-blob.ts',
        ),
      },
    ],
  },
  plugins: [
    // The JSX transform only: React Fast Refresh does not drive Preact, so an edit in development
    // reloads the page instead of hot-swapping the component.
    react({ refreshExclude: /./ }),
    buildInfo(),
    opsEntry(),
    eagerCompileHint(),
    inlineEntryStyles(),
    firstScreenIconSprite(),
    // The service worker that keeps opened books readable offline (src/sw.ts, decision 074).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // The app's code and fonts; documents and media are cached at run time by the worker.
        globPatterns: ['**/*.{js,css,woff2,svg}'],
        // Never the operator console's files (decision 066): families do not load them.
        // Nor the device's speech scorer (decision 107): kept on first use of speaking instead.
        globIgnores: ['sw.js', '**/*.map', '**/ops*', '**/ops/**', '**/speech/**'],
        maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
      },
    }),
    firstScreen.plugin,
    // Last: compresses what the other plugins wrote too (decision 072).
    precompress(),
  ],
  define: {
    __BUILD_SOURCE__: JSON.stringify(source),
    __BUILD_TIME__: String(time),
  },
  // The device's speech scorer runs in a module worker (decision 107): its code and
  // SoundSwallower's wasm go under assets/speech/, outside the shell and the precache (the
  // recorder's capture worklet stays where it was).
  worker: {
    format: 'es',
    rollupOptions: {
      output: {
        entryFileNames: (chunk) =>
          chunk.name === 'device-worker'
            ? 'assets/speech/[name]-[hash].js'
            : 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/speech/[name]-[hash].js',
        assetFileNames: (asset) =>
          asset.names.some((n) => n.endsWith('.wasm'))
            ? 'assets/speech/[name]-[hash][extname]'
            : 'assets/[name]-[hash][extname]',
      },
    },
  },
  build: {
    target: ['es2020', 'chrome80', 'safari13'],
    sourcemap: true,
    // Small files go into the code as data: addresses, but never an SVG: an SVG picture is a
    // document of its own, and one from a data: address is made at once, in the task that drew
    // its <img> (~1.5 ms of CPU each on the bench's host, 10 on /library's first screen); from a
    // file it is made when the file arrives, in a short task of its own (decision 111, round 3).
    // Every <img> of an icon has its size in CSS, so nothing moves when it arrives.
    assetsInlineLimit: (file, content) => !file.endsWith('.svg') && content.length < 2048,
    // dist/.vite/manifest.json: chunk graph for `npm run bench` (not served: dot folders are not).
    manifest: true,
    // Two pages: the families' app and the operator console, which share no entry chunk.
    rollupOptions: {
      // The device scorer's entry is its own (assets/speech/): what a screen imports lazily to score
      // offline, and what the device-speech check loads (e2e/device-speech.spec.ts).
      input: {
        main: 'index.html',
        ops: 'ops.html',
        'device-speech': 'src/features/speech/device-scoring.ts',
      },
      // Keeps the device scorer entry's exports (the pages' entries have none).
      preserveEntrySignatures: 'exports-only',
      // The console's own chunks under assets/ops/ (kept out of the families' offline precache).
      output: {
        codeSplitting: { groups: firstScreen.groups },
        entryFileNames: (chunk) =>
          chunk.name === 'ops'
            ? 'assets/ops/[name]-[hash].js'
            : chunk.name === 'device-speech'
              ? 'assets/speech/[name]-[hash].js'
              : 'assets/[name]-[hash].js',
        // A chunk is the console's when it holds console code and nothing else of the web app's
        // own (it may carry a library or a shared package's module only the console uses, such as
        // fflate for folder uploads or the contracts' htmlPattern).
        chunkFileNames: (chunk) => {
          const own = chunk.moduleIds.filter((id) => !id.includes('/node_modules/'));
          const isConsole = (id: string) => id.includes('/src/ops/');
          const isShared = (id: string) => id.includes('/packages/');
          return own.some(isConsole) && own.every((id) => isConsole(id) || isShared(id))
            ? 'assets/ops/[name]-[hash].js'
            : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/media': apiTarget,
      '/uploads': apiTarget,
      '/dev': apiTarget,
      '/build.json': apiTarget,
    },
  },
}));
