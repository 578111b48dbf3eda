import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** An image at two widths plus an inline blurred placeholder. */
export interface ImageSetJson {
  image: string;
  image_small: string;
  placeholder: string;
}

/** Books keep the id of their source (content/books/<slug>/book.yaml), so re-imports update in place. */
export const books = pgTable(
  'books',
  {
    id: integer('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    titleEn: text('title_en').notNull(),
    titleCn: text('title_cn').notNull(),
    level: integer('level').notNull(),
    category: integer('category').notNull(),
    /** 1 free trial, 0 standard, 5 members only (drives the access code). */
    bookType: integer('book_type').notNull(),
    summaryCn: text('summary_cn').notNull(),
    cover: jsonb('cover').$type<ImageSetJson>().notNull(),
    pageCount: integer('page_count').notNull(),
    wordCount: integer('word_count').notNull(),
    duration: real('duration').notNull(),
    timingSource: text('timing_source').notNull(),
    /** Hash of the built content; an import with the same hash changes nothing. */
    contentHash: text('content_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by an operator (catalogue.withdraw): the book leaves the library's lists; null: published. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [index('books_level_idx').on(t.level, t.id)],
);

export interface HotspotJson {
  word: string;
  audio: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface SentenceJson {
  en: string;
  zh: string;
  audio: string;
  duration: number;
}

export const bookPages = pgTable(
  'book_pages',
  {
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    image: text('image').notNull(),
    imageSmall: text('image_small').notNull(),
    placeholder: text('placeholder').notNull(),
    audio: text('audio').notNull(),
    duration: real('duration').notNull(),
    sentences: jsonb('sentences').$type<SentenceJson[]>().notNull(),
    noteCn: text('note_cn'),
    /** The note said in Mandarin: the build's reading, or the operator's recording (decision 099). */
    noteAudio: text('note_audio'),
    /** Timelines as JSON strings, exactly the spec's book fields (docs/content-timelines.md). */
    readSentencesTimeline: text('read_sentences_timeline').notNull(),
    readWordsTimeline: text('read_words_timeline').notNull(),
    sentencesTimeline: text('sentences_timeline').notNull(),
    wordsTimeline: text('words_timeline').notNull(),
    /** Tappable figures and props of the picture: [{ word, audio, x, y, w, h }] (relative 0–1). */
    hotspots: jsonb('hotspots').$type<HotspotJson[]>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.bookId, t.page] })],
);

export const bookWords = pgTable(
  'book_words',
  {
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    word: text('word').notNull(),
    pos: text('pos').notNull(),
    meaningCn: text('meaning_cn').notNull(),
    example: text('example').notNull(),
    audio: text('audio').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bookId, t.position] })],
);

/** One problem of an uploaded book folder: the file (relative to the upload), field and message. */
export interface ImportProblemJson {
  file: string;
  field: string;
  message: string;
}

/** A book found in an uploaded folder (what its book.yaml says). */
export interface ImportBookJson {
  id: number;
  slug: string;
  title_en: string;
  title_cn: string;
  level: number;
  pages: number;
  /** A book of this id is in the catalogue already (importing updates it in place). */
  update: boolean;
}

/**
 * A book folder an operator uploaded in the console (issue 23): its validation report, then the
 * outcome of the import the operator started (`catalogue.import`, audited). Status: `invalid`
 * (nothing importable), `validated`, `building`, `imported` (some or all books), `failed`.
 */
export const contentImports = pgTable(
  'content_imports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    operator: text('operator').notNull(),
    fileName: text('file_name').notNull(),
    bytes: integer('bytes').notNull(),
    status: text('status').notNull(),
    books: jsonb('books').$type<ImportBookJson[]>().notNull(),
    problems: jsonb('problems').$type<ImportProblemJson[]>().notNull(),
    /** After the import: book ids imported / unchanged, and the build's warnings. */
    outcome: jsonb('outcome').$type<{
      imported: number[];
      unchanged: number[];
      warnings: string[];
    }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('content_imports_created_idx').on(t.createdAt)],
);
