import { z } from 'zod';
import { offsetOf, ZPaging } from '../../platform/ops/inputs';
import { defineOperatorView } from '../../platform/ops/operator-view';
import { unixSecondsOrNull } from '../../platform/time';
import { createBookQueries } from './library.queries';

/** book_type → the access it drives (book-access.ts). */
export const BOOK_ACCESS: Record<number, string> = { 1: 'free', 0: 'standard', 5: 'members' };

/** The catalogue as the console lists it (decision 066); its changes are catalogue.actions.ts. */
export const booksView = defineOperatorView({
  name: 'catalogue.books',
  summary: 'Books with their level, access type and status',
  roles: ['content'],
  input: ZPaging.extend({ q: z.string().trim().max(64).optional() }),
  async read({ deps, input }) {
    const { rows, total } = await createBookQueries(deps.db).searchPage(input.q, {
      limit: input.page_size,
      offset: offsetOf(input),
    });
    return {
      result: {
        total,
        list: rows.map((b) => ({
          id: b.id,
          slug: b.slug,
          title_en: b.titleEn,
          title_cn: b.titleCn,
          level: b.level,
          access: BOOK_ACCESS[b.bookType] ?? String(b.bookType),
          pages: b.pageCount,
          status: b.withdrawnAt ? 'withdrawn' : 'published',
          updated_time: unixSecondsOrNull(b.updatedAt),
        })),
      },
    };
  },
});
