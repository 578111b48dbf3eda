import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { loadBookSources } from './load';
import { validateBookSource, validateLibrary } from './validate';

const scene = { bg: 'park', cast: [{ who: 'lele', pose: 'stand', x: 0.4 }] };
const page = (en = 'I see a red kite.') => ({
  sentences: [{ en, zh: '我看见一只红风筝。' }],
  scene,
});
const book = (patch: Record<string, unknown> = {}) => ({
  id: 1101,
  slug: 'red-kite',
  title_en: 'The Red Kite',
  title_cn: '红风筝',
  level: 1,
  category: 4,
  book_type: 1,
  summary_cn: '乐乐和爸爸在公园放风筝，风筝飞得好高。',
  cover: scene,
  pages: [page(), page('Dad has a kite.'), page('I run with it.'), page('Up it goes!')],
  vocabulary: [
    { word: 'kite', pos: 'n.', meaning_cn: '风筝', example: 'I see a red kite.' },
    { word: 'red', pos: 'adj.', meaning_cn: '红色的', example: 'I see a red kite.' },
    { word: 'run', pos: 'v.', meaning_cn: '跑', example: 'I run with it.' },
  ],
  ...patch,
});
const ctx = {
  file: 'content/books/red-kite/book.yaml',
  folderName: 'red-kite',
  categories: [1, 2, 3, 4, 5, 6, 7, 8],
};
const problemsOf = (raw: unknown) =>
  validateBookSource(raw, ctx).problems.map((p) => `${p.field}: ${p.message}`);

describe('book source validation (docs/content-format.md)', () => {
  it('accepts a correct book', () => {
    expect(validateBookSource(book(), ctx)).toMatchObject({ problems: [], book: { id: 1101 } });
  });

  it.each([
    [{ id: 1.5 }, 'id: must be an integer'],
    [{ slug: 'Red Kite' }, 'slug: must be lower-case words joined by hyphens'],
    [{ slug: 'blue-kite' }, 'slug: must equal the folder name "red-kite"'],
    [{ title_en: '' }, 'title_en: must not be empty'],
    [{ title_cn: 'Red' }, 'title_cn: must be Chinese'],
    [{ level: 7 }, 'level: must be 1–6'],
    [
      { category: 42 },
      'category: must be one of the configured categories (1, 2, 3, 4, 5, 6, 7, 8)',
    ],
    [{ book_type: 2 }, 'book_type: must be 0, 1 or 5'],
    [{ summary_cn: '短' }, 'summary_cn: must be 10–200 characters'],
    [{ pages: [page(), page(), page()] }, 'pages: level 1 books have 4–6 pages (this one has 3)'],
    [
      { pages: [page('I see three big red kites now.'), page(), page(), page()] },
      'pages.0.sentences.0.en: level 1 sentences have 3–6 words (this one has 7)',
    ],
    [
      { pages: [page('I see 3 kites.'), page(), page(), page()] },
      'pages.0.sentences.0.en: must not contain digits (write numbers as words)',
    ],
    [
      { pages: [page('I see a kite & a cat.'), page(), page(), page()] },
      `pages.0.sentences.0.en: may only contain letters, spaces and . , ! ? ' " - : ;`,
    ],
    [
      { pages: [{ sentences: [], scene }, page(), page(), page()] },
      'pages.0.sentences: needs 1–4 sentences',
    ],
    [
      { pages: [{ sentences: [{ en: 'I see it.', zh: 'see' }], scene }, page(), page(), page()] },
      'pages.0.sentences.0.zh: must be Chinese',
    ],
    [
      { pages: [{ sentences: [{ en: 'I see it.', zh: '我看见了。' }] }, page(), page(), page()] },
      'pages.0.scene: needs either a scene or an image (not both)',
    ],
    [{ cover: { bg: 'moon_base' } }, 'cover.bg: unknown background "moon_base"'],
    [{ pages: [] }, 'pages: needs at least one page'],
    [
      {
        pages: [
          { ...page(), scene: { bg: 'park', cast: [{ who: 'dragon', x: 0.5 }] } },
          page(),
          page(),
          page(),
        ],
      },
      'pages.0.scene.cast.0.who: unknown cast member "dragon"',
    ],
    [
      {
        pages: [
          { ...page(), scene: { bg: 'park', cast: [{ who: 'bobo', pose: 'read', x: 0.5 }] } },
          page(),
          page(),
          page(),
        ],
      },
      'pages.0.scene.cast.0.pose: "read" is not a animal pose (stand, sit, run, sleep, fly, swim, eat)',
    ],
    [
      {
        pages: [
          { ...page(), scene: { bg: 'park', props: [{ what: 'kite', x: 1.5, y: 0.2 }] } },
          page(),
          page(),
          page(),
        ],
      },
      'pages.0.scene.props.0.x: must be between 0 and 1',
    ],
    [{ vocabulary: [] }, 'vocabulary: needs 3–12 words'],
    [
      {
        vocabulary: [
          ...book().vocabulary.slice(0, 2),
          { word: 'kite', pos: 'n.', meaning_cn: '风筝', example: 'I see a red kite.' },
        ],
      },
      'vocabulary.2.word: "kite" is listed twice',
    ],
    [
      {
        vocabulary: [
          ...book().vocabulary.slice(0, 2),
          { word: 'dog', pos: 'n.', meaning_cn: '狗', example: 'I see a dog.' },
        ],
      },
      'vocabulary.2.example: must be one of the book’s sentences, exactly',
    ],
    [
      {
        vocabulary: [
          ...book().vocabulary.slice(0, 2),
          { word: 'dog', pos: 'n.', meaning_cn: '狗', example: 'Dad has a kite.' },
        ],
      },
      'vocabulary.2.example: does not contain "dog"',
    ],
    [{ extra: 1 }, '(book): Unrecognized key: "extra"'],
  ])('%j → %s', (patch, message) => {
    expect(problemsOf(book(patch))).toContain(message);
  });

  it('checks the library: unique ids and a free trial book per level', () => {
    const valid = validateBookSource(book(), ctx).book;
    if (!valid) throw new Error('fixture book must be valid');
    const a = { file: 'a', book: valid };
    const b = { file: 'b', book: { ...a.book, slug: 'x', book_type: 0 as const } };
    expect(validateLibrary([a, b]).map((p) => p.message)).toEqual(['1101 is also used by a']);
    expect(validateLibrary([b]).map((p) => `${p.field}: ${p.message}`)).toEqual([
      'level 1: needs at least one free trial book (book_type: 1)',
    ]);
  });
});

describe('loadBookSources', () => {
  it('reports every problem with its file, and leaves broken books out', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'books-'));
    const write = (slug: string, data: unknown) => {
      fs.mkdirSync(path.join(root, slug));
      fs.writeFileSync(
        path.join(root, slug, 'book.yaml'),
        typeof data === 'string' ? data : stringify(data),
      );
    };
    write('red-kite', book());
    write('bad-yaml', 'id: [unclosed');
    write(
      'no-trial',
      book({
        id: 1201,
        slug: 'no-trial',
        level: 2,
        book_type: 0,
        pages: [...book().pages, page()],
      }),
    );
    fs.mkdirSync(path.join(root, 'empty'));
    const { books, problems } = loadBookSources(root, ctx.categories);
    // A library rule (no trial book in level 2) does not make the book itself broken.
    expect(books.map((b) => b.book.slug)).toEqual(['no-trial', 'red-kite']);
    const where = (file: string) =>
      path.basename(
        file === 'book.yaml' ? file : file.endsWith('book.yaml') ? path.dirname(file) : file,
      );
    const text = problems.map((p) => `${where(p.file)}: ${p.field}: ${p.message}`);
    expect(text).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^bad-yaml: \(yaml\): /),
        expect.stringMatching(/^empty: \(folder\): has no book\.yaml/),
        expect.stringMatching(/level 2: needs at least one free trial book/),
      ]),
    );
  });
});
