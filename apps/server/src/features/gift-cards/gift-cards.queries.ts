import { count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { giftCardBatches, giftCards } from '../../platform/db/schema';

export function createGiftCardQueries(db: DbOrTx) {
  return {
    /** Redeemed cards stay (their codes must never work again); a prize's delivery address goes. */
    async forgetDeliveries(userId: number): Promise<void> {
      await db.update(giftCards).set({ delivery: null }).where(eq(giftCards.userId, userId));
    },

    /** Batches newest first, each with how many of its codes were redeemed. */
    batchesWithRedeemed(window: { limit: number; offset: number }) {
      const redeemed = db
        .select({ batchId: giftCards.batchId, n: count().as('n') })
        .from(giftCards)
        .where(sql`${giftCards.redeemedAt} is not null`)
        .groupBy(giftCards.batchId)
        .as('redeemed');
      return db
        .select({ batch: giftCardBatches, redeemed: redeemed.n })
        .from(giftCardBatches)
        .leftJoin(redeemed, eq(redeemed.batchId, giftCardBatches.id))
        .orderBy(desc(giftCardBatches.id))
        .limit(window.limit)
        .offset(window.offset);
    },
  };
}
