import { RANK_SORT, type RankSort, rankOrder } from '@picbook/domain';
import { and, count, eq, getTableColumns, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { publicWorksConsent, works } from '../../platform/db/schema';
import { orderSql, type WorkRow } from './works.queries';

/**
 * A book's ranking in one mode: each public child's best work (highest score, the earlier one on
 * a tie), ordered by the domain's rank order.
 */
export function createRankQueries(db: DbOrTx) {
  const bestPerUser = (bookId: number, type: number) =>
    db
      .selectDistinctOn([works.userId], getTableColumns(works))
      .from(works)
      .innerJoin(
        publicWorksConsent,
        and(eq(publicWorksConsent.userId, works.userId), eq(publicWorksConsent.consented, true)),
      )
      .where(and(eq(works.bookId, bookId), eq(works.type, type)))
      .orderBy(works.userId, ...orderSql(rankOrder(RANK_SORT.score), works))
      .as('best');

  const rankColumns = (best: ReturnType<typeof bestPerUser>) => ({
    score: best.score,
    likes: best.likes,
    createdAt: best.createdAt,
    id: best.id,
  });

  async function countOf(key: { bookId: number; type: number }): Promise<number> {
    const rows = await db.select({ n: count() }).from(bestPerUser(key.bookId, key.type));
    return Number(rows[0]?.n ?? 0);
  }

  return {
    /** One page of the ranking and how many children it holds. */
    async page(
      key: { bookId: number; type: number; sort: RankSort },
      offset: number,
      limit: number,
    ): Promise<{ rows: WorkRow[]; total: number }> {
      const best = bestPerUser(key.bookId, key.type);
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(best)
          .orderBy(...orderSql(rankOrder(key.sort), rankColumns(best)))
          .offset(offset)
          .limit(limit),
        countOf(key),
      ]);
      return { rows, total };
    },

    /** How many children the ranking holds. */
    count: countOf,

    /** A user's position in the ranking (1 = first); null when they are not in it. */
    async positionOf(
      key: { bookId: number; type: number; sort: RankSort },
      userId: number,
    ): Promise<number | null> {
      const best = bestPerUser(key.bookId, key.type);
      const order = orderSql(rankOrder(key.sort), rankColumns(best));
      const ranked = db
        .select({
          userId: best.userId,
          position: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as(
            'position',
          ),
        })
        .from(best)
        .as('ranked');
      const rows = await db
        .select({ position: ranked.position })
        .from(ranked)
        .where(eq(ranked.userId, userId));
      return rows[0] ? Number(rows[0].position) : null;
    },
  };
}
