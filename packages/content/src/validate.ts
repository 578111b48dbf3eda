import { type TBookSource, ZBookSource } from './book-schema';

export interface Problem {
  file: string;
  /** Dotted path in the source, e.g. pages.2.sentences.0.en */
  field: string;
  message: string;
}

/** Pages a book of each level may have (docs/content-format.md). */
export const PAGES_BY_LEVEL: Record<number, [number, number]> = {
  1: [4, 6],
  2: [5, 8],
  3: [6, 10],
  4: [8, 12],
  5: [10, 14],
  6: [12, 16],
};
export const LEVEL1_WORDS: [number, number] = [3, 6];

const words = (sentence: string) => sentence.split(/\s+/).filter((w) => /[A-Za-z]/.test(w));
const normalise = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z' ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export interface ValidateContext {
  file: string;
  folderName: string;
  categories: readonly number[];
}

/** Every problem of one book source; the book only when there are none. */
export function validateBookSource(
  raw: unknown,
  ctx: ValidateContext,
): { book: TBookSource | null; problems: Problem[] } {
  const parsed = ZBookSource.safeParse(raw);
  if (!parsed.success) {
    return {
      book: null,
      problems: parsed.error.issues.map((issue) => ({
        file: ctx.file,
        field: issue.path.join('.') || '(book)',
        message: issue.message,
      })),
    };
  }
  const book = parsed.data;
  const problems: Problem[] = [];
  const add = (field: string, message: string) => problems.push({ file: ctx.file, field, message });

  if (book.slug !== ctx.folderName) add('slug', `must equal the folder name "${ctx.folderName}"`);
  if (!ctx.categories.includes(book.category)) {
    add('category', `must be one of the configured categories (${ctx.categories.join(', ')})`);
  }
  const [minPages, maxPages] = PAGES_BY_LEVEL[book.level] ?? [1, 99];
  if (book.pages.length < minPages || book.pages.length > maxPages) {
    add(
      'pages',
      `level ${book.level} books have ${minPages}–${maxPages} pages (this one has ${book.pages.length})`,
    );
  }
  const sentences = book.pages.flatMap((p) => p.sentences.map((s) => s.en));
  if (book.level === 1) {
    for (const [p, page] of book.pages.entries()) {
      page.sentences.forEach((s, i) => {
        const n = words(s.en).length;
        if (n < LEVEL1_WORDS[0] || n > LEVEL1_WORDS[1]) {
          add(
            `pages.${p}.sentences.${i}.en`,
            `level 1 sentences have 3–6 words (this one has ${n})`,
          );
        }
      });
    }
  }
  const seen = new Set<string>();
  book.vocabulary.forEach((v, i) => {
    const key = v.word.toLowerCase();
    if (seen.has(key)) add(`vocabulary.${i}.word`, `"${v.word}" is listed twice`);
    seen.add(key);
    if (!sentences.includes(v.example)) {
      add(`vocabulary.${i}.example`, 'must be one of the book’s sentences, exactly');
    } else if (!` ${normalise(v.example)} `.includes(` ${normalise(v.word)}`)) {
      add(`vocabulary.${i}.example`, `does not contain "${v.word}"`);
    }
  });
  return { book: problems.length === 0 ? book : null, problems };
}

/** Rules across the library: unique ids and slugs, a free trial book in every level present. */
export function validateLibrary(
  books: Array<{ file: string; book: TBookSource }>,
  options: { trialBooks?: boolean } = {},
): Problem[] {
  const problems: Problem[] = [];
  const ids = new Map<number, string>();
  for (const { file, book } of books) {
    const other = ids.get(book.id);
    if (other) problems.push({ file, field: 'id', message: `${book.id} is also used by ${other}` });
    ids.set(book.id, file);
  }
  // A whole library needs a free trial book per level; books added to a catalogue are checked
  // against the catalogue instead (the operator console does).
  const levels = new Set(options.trialBooks === false ? [] : books.map((b) => b.book.level));
  for (const level of levels) {
    if (!books.some((b) => b.book.level === level && b.book.book_type === 1)) {
      problems.push({
        file: '(library)',
        field: `level ${level}`,
        message: 'needs at least one free trial book (book_type: 1)',
      });
    }
  }
  return problems;
}
