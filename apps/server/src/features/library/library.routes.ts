import { ErrorCode, endpoints, type TBookPage } from '@picbook/contracts';
import { BOOK_TYPE, canUnlockBook, lockReason, processPage } from '@picbook/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../platform/deps';
import { AppError, invalidParams } from '../../platform/errors';
import { defineRoute } from '../../platform/http/define-route';
import { chinaDate } from '../../platform/time';
import {
  accessCodeFor,
  cardsOf,
  findBookOrFail,
  loadReader,
  orNotFound,
  presentBookInfo,
  presentReading,
  viewOf,
} from './book-access';
import { bookMediaUrls, signSentencesTimeline } from './book-media';
import type { createLibraryQueries } from './library.queries';
import { saveProgress } from './progress-writes';
import {
  type BookContent,
  bookContent,
  levelBooks,
  loadReaderAccess,
  loadReaderState,
} from './reader-state';
import { createReadingQueries } from './reading.queries';
import { loadShelf, presentShelf } from './shelf';

/** Why a book stays locked, as the parent reads it (the unlock error's message). */
const LOCK_MESSAGES = {
  login: '请先登录后再解锁绘本',
  vip: '开通会员即可阅读全部绘本',
  members: '这是会员专享绘本，开通会员即可阅读',
} as const;

type Queries = ReturnType<typeof createLibraryQueries>;

/** The book's words; their audio goes with the summary of any book (a taste before unlocking). */
function presentVocabulary(
  rows: Awaited<ReturnType<Queries['listWords']>>,
  url: (path: string) => string,
) {
  return rows.map((w) => ({
    word: w.word,
    pos: w.pos,
    meaning_cn: w.meaningCn,
    example: w.example,
    audio: url(w.audio),
  }));
}

/** A page as the reader gets it: its files as URLs this reader may fetch. */
export function presentPage(
  p: Awaited<ReturnType<Queries['listPages']>>[number],
  url: (path: string) => string,
): TBookPage {
  return {
    page: p.page,
    image: url(p.image),
    image_small: url(p.imageSmall),
    placeholder: p.placeholder,
    audio: url(p.audio),
    duration: p.duration,
    sentences: p.sentences.map((s) => ({ ...s, audio: url(s.audio) })),
    note_cn: p.noteCn,
    note_audio: p.noteAudio ? url(p.noteAudio) : null,
    read_sentences_timeline: p.readSentencesTimeline,
    read_words_timeline: p.readWordsTimeline,
    sentences_timeline: signSentencesTimeline(p.sentencesTimeline, url),
    words_timeline: p.wordsTimeline,
    hotspots: p.hotspots.map((h) => ({ ...h, audio: url(h.audio) })),
  };
}

/**
 * A book's pages and words as every reader who may open it gets them, kept per content (a new
 * version is a new object) and URL expiry: signing each file of a book and re-encoding its
 * timelines was most of a cached book request's own work (decision 078).
 */
const presented = new WeakMap<
  BookContent,
  { signer: AppDeps['urlSigner']; exp: number; pages: TBookPage[]; vocabulary: TVocabulary }
>();
type TVocabulary = ReturnType<typeof presentVocabulary>;

function presentContent(deps: AppDeps, content: BookContent) {
  const exp = deps.urlSigner.expiry();
  const hit = presented.get(content);
  if (hit && hit.exp === exp && hit.signer === deps.urlSigner) return hit;
  const url = bookMediaUrls(deps, content.book);
  const value = {
    signer: deps.urlSigner,
    exp,
    pages: content.pages.map((p) => presentPage(p, url)),
    vocabulary: presentVocabulary(content.words, url),
  };
  presented.set(content, value);
  return value;
}

/** A book's cached content and this reader's view of it: one query, no transaction. */
async function openBook(
  ctx: { deps: AppDeps; token: string | undefined; request: FastifyRequest },
  bookId: number,
) {
  const { deps, token, request } = ctx;
  const state = await loadReaderState(deps.database, token, deps.clock.now(), { bookId });
  request.userId = state.reader.userId;
  const content = orNotFound(await bookContent(deps.db, bookId, state.version));
  const { progress, unlocked, favorites } = state;
  const view = viewOf(state.reader, content.book, progress, unlocked, favorites.has(bookId));
  return { ...content, content, view };
}

/** These screens resolve the token inside their one query (decision 071). */
const OWN_TOKEN_QUERY = { ownTokenQuery: true };

export function registerBookRoutes(app: FastifyInstance): void {
  defineRoute(
    app,
    endpoints.levelBooks,
    async ({ deps, token, request, params }) => {
      const state = await loadReaderState(deps.database, token, deps.clock.now(), {
        level: params.level,
      });
      request.userId = state.reader.userId;
      const rows = await levelBooks(deps.db, params.level, state.version);
      const list = cardsOf(state.reader, rows, state.progress, state.unlocked);
      return {
        level: params.level,
        trial_lesson: list.filter((c) => c.book_info.book_type === BOOK_TYPE.trial),
        list,
      };
    },
    OWN_TOKEN_QUERY,
  );

  defineRoute(
    app,
    endpoints.bookSummary,
    async (ctx) => {
      const { deps, params } = ctx;
      const { book, words, view } = await openBook(ctx, params.id);
      return {
        book_info: view.info,
        summary_cn: book.summaryCn,
        vocabulary: presentVocabulary(words, bookMediaUrls(deps, book)),
        reading: view.reading,
        favorite: view.favorite,
      };
    },
    OWN_TOKEN_QUERY,
  );

  defineRoute(
    app,
    endpoints.book,
    async (ctx) => {
      const { deps, params } = ctx;
      const { content, view } = await openBook(ctx, params.id);
      // A locked book's pages, audio and timelines never leave the server.
      if (!view.open)
        return { book_info: view.info, pages: [], vocabulary: [], reading: view.reading };
      const { pages, vocabulary } = presentContent(deps, content);
      return { book_info: view.info, pages, vocabulary, reading: view.reading };
    },
    OWN_TOKEN_QUERY,
  );

  defineRoute(app, endpoints.unlockBook, async ({ deps, userId, params }) => {
    const [reader, book] = await Promise.all([
      loadReader(deps.db, userId, deps.clock.now()),
      findBookOrFail(deps.db, params.id),
    ]);
    const code = accessCodeFor(reader, book);
    if (!canUnlockBook(code)) {
      const reason = lockReason(code) ?? 'vip';
      throw new AppError(ErrorCode.NotAllowed, LOCK_MESSAGES[reason], {
        data: { reason, access_code: code },
      });
    }
    await createReadingQueries(deps.db).unlock(userId, book.id);
    return { lock: 0 as const, book_info: presentBookInfo(book, reader, true) };
  });

  defineRoute(
    app,
    endpoints.interactiveAreas,
    async (ctx) => {
      const { deps, params } = ctx;
      const { book, pages, view } = await openBook(ctx, params.id);
      if (!view.open) return { lock: 1 as const, list: [] };
      const url = bookMediaUrls(deps, book);
      return {
        lock: 0 as const,
        list: pages
          .filter((p) => p.hotspots.length > 0)
          .map((p) => ({
            page: p.page,
            image: url(p.image),
            image_small: url(p.imageSmall),
            placeholder: p.placeholder,
            hotspots: p.hotspots.map((h) => ({ ...h, audio: url(h.audio) })),
          })),
      };
    },
    OWN_TOKEN_QUERY,
  );

  // The write every page turn makes (issue 41): who may open the book comes from a cache that
  // progress does not drop, the book from the content cache (decision 071), and the progress and
  // the reading day go in one statement, shared with the other families' page turns that arrive
  // meanwhile (decision 103). The writer tells this process's caches what the batch changed at its
  // commit, so the answer skips the change feed's settle round trip (decision 103, second round).
  defineRoute(
    app,
    endpoints.saveProcess,
    async ({ deps, token, userId, params, body, request }) => {
      const now = deps.clock.now();
      const access = await loadReaderAccess(deps.database, token, now, params.id);
      const { book } = orNotFound(await bookContent(deps.db, params.id, access.version));
      const info = presentBookInfo(book, access.reader, access.unlocked.has(book.id));
      if (info.lock !== 0) {
        throw new AppError(ErrorCode.NotAllowed, LOCK_MESSAGES[info.lock_reason ?? 'vip']);
      }
      if (processPage(body.process) > book.pageCount) {
        throw invalidParams('process', `超过绘本页数 ${book.pageCount}`);
      }
      const row = await saveProgress(deps.database, {
        userId,
        bookId: book.id,
        process: body.process,
        mode: body.type,
        finished: body.finished === 1,
        now,
        readingDay: chinaDate(now),
      });
      request.changesAnnounced = true;
      const reading = presentReading(row);
      if (!reading) throw new Error('saved progress missing');
      return reading;
    },
  );

  // Asked at every library start (issue 41): the page's rows kept per family while the change
  // feed is live (decision 112), the locks worked out at this request's time.
  defineRoute(app, endpoints.bookshelf, async ({ deps, userId, params, query }) => {
    const rows = await loadShelf(deps, userId, params.type, query.page, query.page_size);
    return {
      type: params.type,
      list: presentShelf(rows, userId, deps.clock.now()),
      total: rows.total,
      page: query.page,
      page_size: query.page_size,
    };
  });

  defineRoute(app, endpoints.favoriteBook, async ({ deps, userId, params, body }) => {
    const book = await findBookOrFail(deps.db, params.id);
    await createReadingQueries(deps.db).setFavorite(userId, book.id, body.favorite === 1);
    return { favorite: body.favorite === 1 };
  });
}
