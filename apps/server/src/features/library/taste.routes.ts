import { endpoints, TASTE_PAGES, type TBookTaste } from '@picbook/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/define-route';
import { findBookOrFail, loadReader, readerView } from './book-access';
import { bookMediaUrls } from './book-media';
import { createLibraryQueries } from './library.queries';
import { presentPage } from './library.routes';

/**
 * GET /api/v1/books/{id}/taste (issue 19, /library/tasteTest/{bookId}): the first TASTE_PAGES
 * pages of any book with signed media — only those pages' files are signed, so the rest of a
 * members' book stays paid — and what ends the taste: the login request for a visitor, the store
 * for a user without the right, nothing when the book is open anyway.
 */
export function registerTasteRoutes(app: FastifyInstance): void {
  defineRoute(app, endpoints.bookTaste, async ({ deps, userId, params }): Promise<TBookTaste> => {
    const [reader, book] = await Promise.all([
      loadReader(deps.db, userId, deps.clock.now()),
      findBookOrFail(deps.db, params.id),
    ]);
    const view = await readerView(deps.db, reader, book);
    const pages = await createLibraryQueries(deps.db).listPages(book.id);
    const url = bookMediaUrls(deps, book);
    const tasted = view.open ? pages : pages.slice(0, TASTE_PAGES);
    return {
      book_info: view.info,
      pages: tasted.map((p) => presentPage(p, url)),
      total_pages: pages.length,
      next: view.open ? null : view.info.lock_reason === 'login' ? 'login' : 'store',
    };
  });
}
