import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type BuildManifest,
  indexPageReader,
  PRELOADED_PAGES,
  preloadLinks,
  withPreloads,
} from './route-preloads';

const LIBRARY = 'src/features/library/pages/LibraryPage.tsx';
const READER = 'src/features/library/reader/ReaderPage.tsx';

/** A build like Vite's: the entry, two lazy pages sharing a chunk, one importing the entry's. */
const manifest: BuildManifest = {
  'index.html': {
    file: 'assets/main-1.js',
    isEntry: true,
    imports: ['_vendor-1.js'],
    css: ['assets/main-1.css'],
  },
  '_vendor-1.js': { file: 'assets/vendor-1.js' },
  '_queries-1.js': { file: 'assets/queries-1.js', imports: ['_vendor-1.js'] },
  [LIBRARY]: {
    file: 'assets/LibraryPage-1.js',
    imports: ['_vendor-1.js', 'index.html', '_queries-1.js'],
    css: ['assets/LibraryPage-1.css'],
  },
  [READER]: {
    file: 'assets/ReaderPage-1.js',
    imports: ['index.html', '_queries-1.js', '_speaker-1.js'],
    css: ['assets/ReaderPage-1.css', 'assets/main-1.css'],
  },
  '_speaker-1.js': { file: 'assets/speaker-1.js' },
  'src/features/library/locales.ts': { file: 'assets/locales-lib.js', isDynamicEntry: true },
};

const html = '<html>\n  <head>\n    <title>PicBook</title>\n  </head>\n  <body></body>\n</html>';

describe('preload links of a page: its chunks the entry does not load, then their styles', () => {
  it.each([
    [
      LIBRARY,
      [
        '<link rel="modulepreload" crossorigin href="/assets/LibraryPage-1.js">',
        '<link rel="modulepreload" crossorigin href="/assets/queries-1.js">',
        '<link rel="preload" as="style" crossorigin href="/assets/LibraryPage-1.css">',
      ],
    ],
    [
      READER,
      [
        '<link rel="modulepreload" crossorigin href="/assets/ReaderPage-1.js">',
        '<link rel="modulepreload" crossorigin href="/assets/queries-1.js">',
        '<link rel="modulepreload" crossorigin href="/assets/speaker-1.js">',
        '<link rel="preload" as="style" crossorigin href="/assets/ReaderPage-1.css">',
      ],
    ],
    ['src/features/words/pages/WordsPage.tsx', []],
  ])('%s', (source, links) => {
    expect(preloadLinks(manifest, source)).toEqual(links);
  });

  it("names the chunks of the page's strings after its code (decision 111)", () => {
    expect(preloadLinks(manifest, LIBRARY, ['src/features/library/locales.ts'])).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/LibraryPage-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/queries-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/locales-lib.js">',
      '<link rel="preload" as="style" crossorigin href="/assets/LibraryPage-1.css">',
    ]);
  });
});

describe("the preloaded pages' sources", () => {
  const web = path.resolve(__dirname, '../../../../web');
  it.each(PRELOADED_PAGES.flatMap((p) => [p.source, ...p.strings]))('%s exists', (source) => {
    expect(fs.existsSync(path.join(web, source))).toBe(true);
  });
});

describe('index.html per address', () => {
  it.each([
    ['/', 'LibraryPage-1.js'],
    ['/library', 'LibraryPage-1.js'],
    ['/library/', 'LibraryPage-1.js'],
    ['/library/read/1603/001', 'ReaderPage-1.js'],
    ['/library/cn_read/12/1-2', 'ReaderPage-1.js'],
    ['/library/explain/12/3', 'ReaderPage-1.js'],
    ['/library/detail/12/1/1/1', null],
    ['/words', null],
    ['/parents/center', null],
  ])('%s preloads %s', (pathname, chunk) => {
    const page = withPreloads(html, manifest, pathname);
    if (chunk === null) {
      expect(page).toBe(html);
      return;
    }
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain(`<link rel="modulepreload" crossorigin href="/assets/${chunk}">`);
    expect(page.indexOf('<title>')).toBeLessThan(page.indexOf('<link'));
  });

  it('leaves the page alone when the build has no manifest', () => {
    expect(withPreloads(html, {}, '/library')).toBe(html);
  });

  it('reads the build again when it changes', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'picbook-preloads-'));
    try {
      fs.writeFileSync(path.join(dist, 'index.html'), html);
      const page = indexPageReader(dist);
      expect(page('/library').html).toBe(html);
      fs.mkdirSync(path.join(dist, '.vite'));
      fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
      expect(page('/library').html).toContain('/assets/LibraryPage-1.js');
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
