import { ErrorCode } from '@picbook/contracts';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { books } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { defineOperatorAction } from '../../platform/ops/operator-action';

const ZBookRef = z.object({ book_id: z.number().int().positive() });

/** Publish (withdrawn: false) or withdraw (true) one book: the library's lists show it or not. */
function setWithdrawn(name: string, summary: string, withdrawn: boolean) {
  return defineOperatorAction({
    name,
    summary,
    roles: ['content'],
    input: ZBookRef,
    async run({ tx, input, now }) {
      const [book] = await tx
        .select({ id: books.id, withdrawnAt: books.withdrawnAt })
        .from(books)
        .where(eq(books.id, input.book_id))
        .for('update');
      if (!book) throw new AppError(ErrorCode.RecordNotFound, '没有这本绘本');
      const status = (w: Date | null) => (w ? 'withdrawn' : 'published');
      const withdrawnAt = withdrawn ? (book.withdrawnAt ?? now) : null;
      await tx.update(books).set({ withdrawnAt }).where(eq(books.id, book.id));
      return {
        result: { book_id: book.id, status: status(withdrawnAt) },
        target: `book:${book.id}`,
        before: { status: status(book.withdrawnAt) },
        after: { status: status(withdrawnAt) },
      };
    },
  });
}

export const catalogueActions = [
  setWithdrawn('catalogue.publish', 'Publish a book: it shows in the library again', false),
  setWithdrawn(
    'catalogue.withdraw',
    'Withdraw a book from the library lists (families who read it keep their records)',
    true,
  ),
];
