import { competingSentences } from './text';

/**
 * The other lines of the book a text to read comes from: what a child who reads the wrong line
 * reads instead. The judge decodes them with the text and calls the recording "different
 * sentence" when one of them fits better (engine.ts competitors; decision 068, sixth round).
 * Pure, so the server (apps/server speech/book-lines.ts, every book's pages) and a device (the
 * books' lines served with its model, decision 110) find the same competitors for a text.
 *
 * A speech request names only its text (ref_text, spec §3), so the books are found by their
 * text: a sentence of a book competes with that book's other sentences, a page's text (speak
 * mode reads a whole page) with its other pages. A text in several books takes all their lines;
 * a text in none (a word, a test item) has no competitors.
 */

/** Letters and digits only, lower case: "Tom's kite!" and "toms kite" are the same line. */
export const lineKey = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Two texts say the same words ({@link lineKey}). */
export const sameText = (a: string, b: string): boolean => lineKey(a) === lineKey(b);

export interface BookPageText {
  bookId: number;
  page: number;
  sentences: readonly string[];
}

/** Lines competing with each text of the books, by {@link lineKey}. */
export type LineIndex = ReadonlyMap<string, readonly string[]>;

/** Builds the index from every page of the books in scope (pages in reading order per book). */
export function indexBookLines(pages: readonly BookPageText[]): LineIndex {
  const books = new Map<number, BookPageText[]>();
  for (const page of pages) {
    const known = books.get(page.bookId);
    if (known) known.push(page);
    else books.set(page.bookId, [page]);
  }
  const index = new Map<string, string[]>();
  const add = (text: string, lines: readonly string[]) => {
    const key = lineKey(text);
    if (!key) return;
    const known = index.get(key) ?? [];
    index.set(key, [...known, ...lines.filter((l) => !known.includes(l))]);
  };
  for (const bookPages of books.values()) {
    const ordered = [...bookPages].sort((a, b) => a.page - b.page);
    const sentences = ordered.flatMap((p) => p.sentences);
    const pageTexts = ordered
      .filter((p) => p.sentences.length > 0)
      .map((p) => p.sentences.join(' '));
    for (const sentence of sentences) add(sentence, sentences);
    for (const pageText of pageTexts) add(pageText, pageTexts);
  }
  return index;
}

/** The lines that compete with `refText` (at most MAX_COMPETITORS, nearest first). */
export function competitorsIn(index: LineIndex, refText: string): string[] {
  const lines = index.get(lineKey(refText));
  if (!lines) return [];
  const own = lines.find((l) => sameText(l, refText)) ?? refText;
  return competingSentences(own, lines);
}
