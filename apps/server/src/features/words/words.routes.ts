import { endpoints, type TVocabBook } from '@picbook/contracts';
import {
  RECITE_SESSION_WORDS,
  reciteOrder,
  reciteOutcome,
  reviewWord,
  wordStatus,
} from '@picbook/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps';
import { invalidParams } from '../../platform/errors';
import { defineRoute } from '../../platform/http/define-route';
import { unixSeconds } from '../../platform/time';
import {
  bookMediaUrls,
  createLibraryQueries,
  findBookOrFail,
  isBookOpen,
  loadReader,
  presentCards,
} from '../library';
import { levelWords, presentEntry, presentSchedule } from './word-view';
import { cardOf, createVocabQueries } from './words.queries';

const STATUS_ORDER = { learned: 0, learning: 1, new: 2 } as const;

/** A book's words for the preview, recite and detail screens. */
async function vocabBook(
  deps: AppDeps,
  userId: number,
  bookId: number,
  type: TVocabBook['type'],
): Promise<TVocabBook> {
  const now = deps.clock.now();
  const [reader, book] = await Promise.all([
    loadReader(deps.db, userId, now),
    findBookOrFail(deps.db, bookId),
  ]);
  const library = createLibraryQueries(deps.db);
  const [open, words, pages, cards, level] = await Promise.all([
    isBookOpen(deps.db, reader, book),
    library.listWords(book.id),
    library.listPages(book.id),
    createVocabQueries(deps.db).cards(userId, [book.id]),
    levelWords(deps.db, userId, book.level, now),
  ]);
  const url = bookMediaUrls(deps, book);
  const byWord = new Map(cards.map((c) => [c.word, c]));
  const entries = words.map((word) => {
    const row = byWord.get(word.word) ?? null;
    return {
      card: row ? cardOf(row) : null,
      entry: presentEntry({ word, pages, book, open, url, card: row, now }),
    };
  });
  const chosen = type === 'recite' ? reciteOrder(entries, now, RECITE_SESSION_WORDS) : entries;
  return {
    book_id: book.id,
    title_en: book.titleEn,
    title_cn: book.titleCn,
    level: book.level,
    lock: open ? 0 : 1,
    type,
    words: chosen.map((e) => e.entry),
    review: level.review,
  };
}

export function registerVocabRoutes(app: FastifyInstance): void {
  defineRoute(app, endpoints.vocabs, async ({ deps, userId, query }) => {
    const now = deps.clock.now();
    const [{ list, review }, reader, rows] = await Promise.all([
      levelWords(deps.db, userId, query.level, now),
      loadReader(deps.db, userId, now),
      createLibraryQueries(deps.db).listLevel(query.level),
    ]);
    const cards = await presentCards(deps.db, reader, rows);
    const words = list
      .map((w) => ({
        word: w.word,
        book_id: w.bookId,
        meaning_cn: w.meaningCn,
        ...presentSchedule(w.card, now),
      }))
      .map(({ next_review: _n, reps: _r, ...w }) => w);
    const ordered = [...words].sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status]);
    const count = (status: keyof typeof STATUS_ORDER, bookId?: number) =>
      words.filter((w) => w.status === status && (bookId === undefined || w.book_id === bookId))
        .length;
    return {
      level: query.level,
      review,
      counts: {
        learned: count('learned'),
        learning: count('learning'),
        new: count('new'),
        total: words.length,
      },
      words: ordered,
      books: cards.map(({ book_info: b }) => ({
        book_id: b.id,
        title_en: b.title_en,
        title_cn: b.title_cn,
        cover: b.cover,
        lock: b.lock,
        word_count: words.filter((w) => w.book_id === b.id).length,
        learned: count('learned', b.id),
        learning: count('learning', b.id),
        due: words.filter((w) => w.book_id === b.id && w.due_today).length,
      })),
    };
  });

  defineRoute(app, endpoints.vocabBook, ({ deps, userId, params, query }) =>
    vocabBook(deps, userId, params.id, query.type),
  );

  defineRoute(app, endpoints.vocabBookWords, ({ deps, userId, params }) =>
    vocabBook(deps, userId, params.id, 'detail'),
  );

  defineRoute(app, endpoints.vocabReview, async ({ deps, userId, body }) => {
    const now = deps.clock.now();
    const book = await findBookOrFail(deps.db, body.book_id);
    const words = await createLibraryQueries(deps.db).listWords(book.id);
    if (!words.some((w) => w.word === body.word)) {
      throw invalidParams('word', `不是这本绘本的单词`);
    }
    const outcome = reciteOutcome({ correct: body.correct === 1, tries: body.tries, ms: body.ms });
    const card = await deps.db.transaction(async (tx) => {
      const q = createVocabQueries(tx);
      const row = await q.findCard(userId, book.id, body.word);
      const next = reviewWord(row ? cardOf(row) : null, outcome, now);
      await q.saveCard(
        { userId, bookId: book.id, word: body.word, createdAt: row?.createdAt ?? now, outcome },
        next,
      );
      return next;
    });
    const { review } = await levelWords(deps.db, userId, book.level, now);
    return {
      word: body.word,
      outcome,
      status: wordStatus(card),
      next_review: unixSeconds(card.due),
      review,
    };
  });
}
