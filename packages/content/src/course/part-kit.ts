import type {
  TCourseContent,
  TCoursePage,
  TCoursePart,
  TCourseSentence,
  TPicture,
  TSpokenText,
} from '@picbook/contracts';
import { z } from 'zod';
import type { TBookSource } from '../book-schema';

/**
 * What one part type contributes to the course format: its source schema (YAML), the checks
 * against the week's book, the English lines the build narrates, and how it is built into the
 * player's form (contracts ZCoursePart). One file per type under parts/, listed in parts/index.ts.
 */
export interface PartModule<S extends { type: string }> {
  type: S['type'];
  schema: z.ZodType<S>;
  /** Default title shown in the player's progress bar. */
  title_cn: string;
  /** The spoken instruction (Chinese, read aloud for a child who cannot read yet). */
  guide_cn: string;
  /** Problems with the book: field relative to the part, e.g. `sentences.2`. */
  check(part: S, book: TBookSource): Array<{ field: string; message: string }>;
  /** Hand-written English the narrator must read (choices, questions, model answers). */
  texts(part: S): string[];
  build(part: S, ctx: PartBuildContext): Omit<TCoursePart, 'part' | 'title_cn' | 'guide'>;
}

/** The text of a book the word parts choose from: its pages' sentences and its vocabulary. */
export interface BookText {
  pages: ReadonlyArray<{ sentences: ReadonlyArray<{ en: string }> }>;
  vocabulary: ReadonlyArray<{ word: string; pos: string; meaning_cn: string; example: string }>;
}

/** What a part build may look up: the week's built book, and the narrated hand-written lines. */
export interface PartBuildContext {
  pageCount: number;
  /** The built book's text, its vocabulary with each word's narration. */
  book: {
    pages: BookText['pages'];
    vocabulary: ReadonlyArray<BookText['vocabulary'][number] & { audio: string }>;
  };
  sentence(id: string): TCourseSentence;
  page(page: number): TCoursePage;
  picture(page: number): TPicture;
  spoken(text: string): TSpokenText;
}

export type { TCourseContent };

/** p{page}s{n}: the n-th sentence (from 1) of a page, like the library's work items. */
export const SENTENCE_ID = /^p([1-9]\d{0,2})s([1-9]\d?)$/;

export const ZSentenceRef = z
  .string()
  .regex(SENTENCE_ID, 'must name a sentence of the book as p{page}s{n}, e.g. p3s1');

export const englishLine = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(160, 'must be at most 160 characters')
  .refine((s) => !/\d/.test(s), 'must not contain digits (write numbers as words)')
  .refine(
    (s) => /^[A-Za-z .,!?'"\-:;’‘“”]+$/.test(s),
    'may only contain letters, spaces and . , ! ? \' " - : ;',
  );
export const chineseText = (min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min, `must be ${min}–${max} characters`)
    .max(max, `must be ${min}–${max} characters`)
    .refine((s) => /[\u4e00-\u9fff]/.test(s), 'must be Chinese');

export function findSentence(book: TBookSource, id: string) {
  const m = SENTENCE_ID.exec(id);
  if (!m) return null;
  const page = book.pages[Number(m[1]) - 1];
  const sentence = page?.sentences[Number(m[2]) - 1];
  return sentence ? { page: Number(m[1]), sentence } : null;
}

/** Problems for sentence ids the book does not have, or that repeat. */
export function checkSentences(
  book: TBookSource,
  ids: readonly string[],
  field = 'sentences',
): Array<{ field: string; message: string }> {
  const problems: Array<{ field: string; message: string }> = [];
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    if (!findSentence(book, id)) {
      problems.push({ field: `${field}.${i}`, message: `the book has no sentence ${id}` });
    }
    if (seen.has(id)) problems.push({ field: `${field}.${i}`, message: `${id} is listed twice` });
    seen.add(id);
  });
  return problems;
}

export function checkPage(
  book: TBookSource,
  page: number,
  field: string,
): Array<{ field: string; message: string }> {
  return page >= 1 && page <= book.pages.length
    ? []
    : [{ field, message: `the book has pages 1–${book.pages.length}, not ${page}` }];
}

export const pageNumber = z.number().int('must be a page number').min(1, 'must be a page number');

/** Schema of a part whose items are sentences of the book read aloud. */
export const sentencesPart = <T extends string>(type: T) =>
  z
    .object({
      type: z.literal(type),
      title_cn: chineseText(2, 12).optional(),
      sentences: z.array(ZSentenceRef).min(1, 'needs 1–8 sentences').max(8, 'needs 1–8 sentences'),
    })
    .strict();
