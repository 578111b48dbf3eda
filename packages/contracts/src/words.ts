import { z } from 'zod';
import { ZPicture } from './course-content';
import type { AreaEndpoints } from './endpoint-def';
import { ZRowId } from './ids';
import { ZBookId, ZImageSet } from './library';
import { routes } from './routes';

/**
 * The words area (learning-content §2 words routes, §7 GET /api/v1/vocabs…): the vocabulary of
 * the books, and each child's review schedule (FSRS, decision 049).
 */

export const ZVocabStatus = z.enum(['new', 'learning', 'learned']);
export type TVocabStatus = z.infer<typeof ZVocabStatus>;

/** The day's review count: words due today plus the new words still offered today. */
export const ZReviewCount = z.object({
  due: z.number().int(),
  new_words: z.number().int(),
  total: z.number().int(),
});
export type TReviewCount = z.infer<typeof ZReviewCount>;

export const ZVocabsQuery = z.object({
  level: z.coerce.number().int().min(1, 'level 为 1–6').max(6, 'level 为 1–6').default(1),
});

export const ZVocabBookCard = z.object({
  book_id: z.number().int(),
  title_en: z.string(),
  title_cn: z.string(),
  cover: ZImageSet,
  /** 0 readable by this child, 1 locked (its words can still be previewed and recited). */
  lock: z.union([z.literal(0), z.literal(1)]),
  word_count: z.number().int(),
  learned: z.number().int(),
  learning: z.number().int(),
  due: z.number().int(),
});
export type TVocabBookCard = z.infer<typeof ZVocabBookCard>;

export const ZVocabs = z.object({
  level: z.number().int(),
  review: ZReviewCount,
  counts: z.object({
    learned: z.number().int(),
    learning: z.number().int(),
    new: z.number().int(),
    total: z.number().int(),
  }),
  /** The level's words by status (learned, learning, new), each with its book. */
  words: z.array(
    z.object({
      word: z.string(),
      book_id: z.number().int(),
      meaning_cn: z.string(),
      status: ZVocabStatus,
      due_today: z.boolean(),
    }),
  ),
  books: z.array(ZVocabBookCard),
});
export type TVocabs = z.infer<typeof ZVocabs>;

export const ZVocabBookParams = z.object({ id: ZBookId });
export const ZVocabBookQuery = z.object({
  /** preview: every word in book order; recite: the session's words, due ones first. */
  type: z.enum(['preview', 'recite']).default('preview'),
});

/** A word of a book as the word screens show it. */
export const ZVocabEntry = z.object({
  word: z.string(),
  pos: z.string(),
  meaning_cn: z.string(),
  /** The book's sentence that uses the word, its translation and narration. */
  example: z.string(),
  example_zh: z.string(),
  /** null while the book is locked for this child (the word's own audio always comes). */
  example_audio: z.string().nullable(),
  audio: z.string(),
  /** The page of the example (0: the book is locked, the picture is the cover). */
  page: z.number().int(),
  picture: ZPicture,
  /** Where the word is in the picture when the page has it as a tappable figure (0–1). */
  spot: z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() }).nullable(),
  status: ZVocabStatus,
  due_today: z.boolean(),
  /** Seconds (decision 008) of the next review; null for a new word. */
  next_review: z.number().int().nullable(),
  reps: z.number().int(),
});
export type TVocabEntry = z.infer<typeof ZVocabEntry>;

export const ZVocabBook = z.object({
  book_id: z.number().int(),
  title_en: z.string(),
  title_cn: z.string(),
  level: z.number().int(),
  lock: z.union([z.literal(0), z.literal(1)]),
  type: z.enum(['preview', 'recite', 'detail']),
  words: z.array(ZVocabEntry),
  review: ZReviewCount,
});
export type TVocabBook = z.infer<typeof ZVocabBook>;

export const ZVocabReviewBody = z.object({
  book_id: ZRowId,
  word: z.string().trim().min(1, 'word 不能为空').max(40),
  /** 1 when the child's answer was right in the end. */
  correct: z.union([z.literal(0), z.literal(1)]),
  /** Tries until right (or given up), 1–10. */
  tries: z.number().int().min(1, 'tries 为 1–10').max(10, 'tries 为 1–10'),
  /** Milliseconds from the question to the right answer. */
  ms: z.number().int().min(0).max(600_000),
});
export type TVocabReviewBody = z.input<typeof ZVocabReviewBody>;

export const ZVocabReviewResult = z.object({
  word: z.string(),
  outcome: z.enum(['wrong', 'hesitant', 'right', 'fast']),
  status: ZVocabStatus,
  next_review: z.number().int(),
  /** The day's review count of the book's level after this answer. */
  review: ZReviewCount,
});
export type TVocabReviewResult = z.infer<typeof ZVocabReviewResult>;

/** The endpoint table's entries of this area (endpoints.ts assembles the areas). */
export const wordsEndpoints = {
  vocabs: {
    ...routes.vocabs,
    summary:
      'The child’s words of a level by status, the books to pick words from, today’s review count',
    tags: ['words'],
    query: ZVocabsQuery,
    response: ZVocabs,
  },
  vocabBook: {
    ...routes.vocabBook,
    summary: 'A book’s words to preview (book order) or recite (due words first, then new ones)',
    tags: ['words'],
    params: ZVocabBookParams,
    query: ZVocabBookQuery,
    response: ZVocabBook,
  },
  vocabBookWords: {
    ...routes.vocabBookWords,
    summary: 'A book’s word cards with their review state',
    tags: ['words'],
    params: ZVocabBookParams,
    response: ZVocabBook,
  },
  vocabReview: {
    ...routes.vocabReview,
    summary: 'One recite answer: the word is scheduled again by FSRS (decision 049)',
    tags: ['words'],
    body: ZVocabReviewBody,
    response: ZVocabReviewResult,
  },
} as const satisfies AreaEndpoints;
