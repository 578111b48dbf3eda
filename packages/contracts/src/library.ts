import { z } from 'zod';
import type { AreaEndpoints } from './endpoint-def';
import { routes } from './routes';

/** Book ids are the ids of content/books/<slug>/book.yaml (1–999999); text in paths and forms. */
export const ZBookId = z.coerce.number().int().min(1).max(999_999);
export const ZBookIdParams = z.object({ id: ZBookId });

/** Reading modes that save progress. */
export const ZReadMode = z.enum(['read', 'cn_read', 'explain']);
export type TReadMode = z.infer<typeof ZReadMode>;

/** A process is the zero-padded page the child reached ("003"); string order is page order. */
export const ZProcess = z.string().regex(/^\d{3}$/, 'process must be three digits');

export const ZImageSet = z.object({
  image: z.string(),
  image_small: z.string(),
  placeholder: z.string(),
});

/** The access code of learning-content §6 (0 full access; 1x guest; 2x user; 3x experience). */
export const ZAccessCode = z.union([
  z.literal(0),
  z.literal(11),
  z.literal(12),
  z.literal(13),
  z.literal(21),
  z.literal(22),
  z.literal(23),
  z.literal(31),
  z.literal(32),
  z.literal(33),
]);

/** What a book card and every book screen knows about a book for this user. */
export const ZBookInfo = z.object({
  id: z.number().int(),
  title_en: z.string(),
  title_cn: z.string(),
  level: z.number().int(),
  category: z.number().int(),
  /** 1 free trial, 0 standard, 5 members only. */
  book_type: z.number().int(),
  cover: ZImageSet,
  page_count: z.number().int(),
  word_count: z.number().int(),
  /** Seconds of narration. */
  duration: z.number(),
  access_code: ZAccessCode,
  /** 0 readable by this user, 1 locked. */
  lock: z.union([z.literal(0), z.literal(1)]),
  /** Why it is locked (null when open): log in, become a member, or members-only book. */
  lock_reason: z.enum(['login', 'vip', 'members']).nullable(),
  /** Whether POST …/unlock would open it now. */
  can_unlock: z.boolean(),
});
export type TBookInfo = z.infer<typeof ZBookInfo>;

/** The user's reading state of a book; null when never opened. */
export const ZReadingState = z.object({
  process: ZProcess,
  page: z.number().int(),
  mode: ZReadMode,
  finished: z.boolean(),
  finish_count: z.number().int(),
  last_read_at: z.number().int(),
});
export type TReadingState = z.infer<typeof ZReadingState>;

export const ZBookCard = z.object({ book_info: ZBookInfo, reading: ZReadingState.nullable() });
export type TBookCard = z.infer<typeof ZBookCard>;

export const ZLevelParams = z.object({ level: z.coerce.number().int().min(1).max(6) });
export const ZLevelData = z.object({
  level: z.number().int(),
  /** The free trial books of the level (book type 1). */
  trial_lesson: z.array(ZBookCard),
  /** Every book of the level, trial books included, in reading order. */
  list: z.array(ZBookCard),
});
export type TLevelData = z.infer<typeof ZLevelData>;

export const ZVocabWord = z.object({
  word: z.string(),
  pos: z.string(),
  meaning_cn: z.string(),
  example: z.string(),
  audio: z.string(),
});
export type TVocabWord = z.infer<typeof ZVocabWord>;

export const ZBookSummary = z.object({
  book_info: ZBookInfo,
  summary_cn: z.string(),
  vocabulary: z.array(ZVocabWord),
  reading: ZReadingState.nullable(),
  favorite: z.boolean(),
});
export type TBookSummary = z.infer<typeof ZBookSummary>;

export const ZUnlockResult = z.object({ lock: z.literal(0), book_info: ZBookInfo });

export const ZHotspot = z.object({
  word: z.string(),
  audio: z.string(),
  x: z.number(),
  y: z.number(),
  w: z.number(),
  h: z.number(),
});
export type THotspot = z.infer<typeof ZHotspot>;

export const ZInteractiveAreas = z.object({
  lock: z.union([z.literal(0), z.literal(1)]),
  /** Pages with at least one hotspot; empty while the book is locked. */
  list: z.array(ZImageSet.extend({ page: z.number().int(), hotspots: z.array(ZHotspot) })),
});
export type TInteractiveAreas = z.infer<typeof ZInteractiveAreas>;

export const ZBookSentence = z.object({
  en: z.string(),
  zh: z.string(),
  audio: z.string(),
  duration: z.number(),
});

/** One page as GET /api/v1.1/books/{id} sends it; the four timelines are JSON strings. */
export const ZBookPage = ZImageSet.extend({
  page: z.number().int(),
  audio: z.string(),
  duration: z.number(),
  sentences: z.array(ZBookSentence),
  note_cn: z.string().nullable(),
  /** note_cn said in Mandarin (built, or the operator's recording); the reader plays it in 精讲 and 中文辅助读. */
  note_audio: z.string().nullable().optional(),
  read_sentences_timeline: z.string(),
  read_words_timeline: z.string(),
  sentences_timeline: z.string(),
  words_timeline: z.string(),
  hotspots: z.array(ZHotspot),
});
export type TBookPage = z.infer<typeof ZBookPage>;

export const ZBook = z.object({
  book_info: ZBookInfo,
  /** Empty while the book is locked for this user. */
  pages: z.array(ZBookPage),
  vocabulary: z.array(ZVocabWord),
  reading: ZReadingState.nullable(),
});
export type TBook = z.infer<typeof ZBook>;

export const ZSaveProcess = z.object({
  process: ZProcess,
  type: ZReadMode,
  /** 1 when the child reached the end-of-book screen. */
  finished: z.number().int().min(0).max(1).default(0),
});
export const ZSaveProcessResult = ZReadingState;

export const ZShelfType = z.enum(['recent', 'reading', 'finished', 'favorites']);
export type TShelfType = z.infer<typeof ZShelfType>;
export const ZShelfParams = z.object({ type: ZShelfType });
export const ZShelfQuery = z.object({
  page: z.coerce.number().int().min(1).max(1000).default(1),
  page_size: z.coerce.number().int().min(1).max(50).default(20),
});
export const ZShelf = z.object({
  type: ZShelfType,
  list: z.array(ZBookCard),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type TShelf = z.infer<typeof ZShelf>;

export const ZFavoriteBody = z.object({ favorite: z.number().int().min(0).max(1) });
export const ZFavoriteResult = z.object({ favorite: z.boolean() });

/** Pages of a members' book a visitor may taste (/library/tasteTest/{bookId}). */
export const TASTE_PAGES = 2;
export const ZBookTaste = z.object({
  book_info: ZBookInfo,
  /** The first pages (all of them when the book is open to this user anyway). */
  pages: z.array(ZBookPage),
  total_pages: z.number().int(),
  /** What ends the taste: log in, or become a member; null when the book is open. */
  next: z.enum(['login', 'store']).nullable(),
});
export type TBookTaste = z.infer<typeof ZBookTaste>;

/** The endpoint table's entries of this area (endpoints.ts assembles the areas). */
export const libraryEndpoints = {
  levelBooks: {
    ...routes.levelBooks,
    summary: "A level's books with this user's access codes and reading state (trial_lesson, list)",
    tags: ['books'],
    params: ZLevelParams,
    response: ZLevelData,
  },
  book: {
    ...routes.book,
    summary: 'A book with pages and timelines; pages stay empty while the book is locked',
    tags: ['books'],
    params: ZBookIdParams,
    response: ZBook,
  },
  bookSummary: {
    ...routes.bookSummary,
    summary: 'Book detail: summary, vocabulary preview, reading state, favourite',
    tags: ['books'],
    params: ZBookIdParams,
    response: ZBookSummary,
  },
  unlockBook: {
    ...routes.unlockBook,
    summary: 'Unlock a book with a right (10400 with the reason when the user has none)',
    tags: ['books'],
    params: ZBookIdParams,
    response: ZUnlockResult,
  },
  interactiveAreas: {
    ...routes.interactiveAreas,
    summary: 'Hotspots of the page pictures that say a word when tapped',
    tags: ['books'],
    params: ZBookIdParams,
    response: ZInteractiveAreas,
  },
  saveProcess: {
    ...routes.saveProcess,
    summary: 'Save reading progress (only moves forward); finished 1 at the end of the book',
    tags: ['books'],
    params: ZBookIdParams,
    body: ZSaveProcess,
    response: ZSaveProcessResult,
  },
  bookshelf: {
    ...routes.bookshelf,
    summary: "The child's shelves: recent, reading, finished, favorites",
    tags: ['books'],
    params: ZShelfParams,
    query: ZShelfQuery,
    response: ZShelf,
  },
  favoriteBook: {
    ...routes.favoriteBook,
    summary: 'Add a book to (favorite 1) or remove it from (0) the favourites shelf',
    tags: ['books'],
    params: ZBookIdParams,
    body: ZFavoriteBody,
    response: ZFavoriteResult,
  },
  bookTaste: {
    ...routes.bookTaste,
    summary:
      'A taste of a book: its first pages (signed media) for a visitor, and what ends the taste',
    tags: ['books'],
    params: ZBookIdParams,
    response: ZBookTaste,
  },
} as const satisfies AreaEndpoints;
