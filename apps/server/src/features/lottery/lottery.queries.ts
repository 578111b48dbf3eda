import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import {
  lotteries,
  lotteryChanceGrants,
  lotteryDraws,
  lotteryPlayers,
  lotteryPrizes,
} from '../../platform/db/schema';

export type LotteryRow = typeof lotteries.$inferSelect;
export type PrizeRow = typeof lotteryPrizes.$inferSelect;
export type DrawRow = typeof lotteryDraws.$inferSelect;

export function createLotteryQueries(db: DbOrTx) {
  return {
    /** Every wheel (newest first) and every prize in wheel order (the console's list). */
    async listAllWithPrizes(): Promise<{ wheels: LotteryRow[]; prizes: PrizeRow[] }> {
      const [wheels, prizes] = await Promise.all([
        db.select().from(lotteries).orderBy(desc(lotteries.id)),
        db.select().from(lotteryPrizes).orderBy(asc(lotteryPrizes.sort), asc(lotteryPrizes.id)),
      ]);
      return { wheels, prizes };
    },

    async findLottery(id: number): Promise<LotteryRow | null> {
      const rows = await db.select().from(lotteries).where(eq(lotteries.id, id)).limit(1);
      return rows[0] ?? null;
    },

    async countLotteries(): Promise<number> {
      const rows = await db.select({ n: sql<number>`count(*)::int` }).from(lotteries);
      return rows[0]?.n ?? 0;
    },

    /** A wheel's prizes in the order of its segments. */
    prizes(lotteryId: number): Promise<PrizeRow[]> {
      return db
        .select()
        .from(lotteryPrizes)
        .where(eq(lotteryPrizes.lotteryId, lotteryId))
        .orderBy(asc(lotteryPrizes.sort), asc(lotteryPrizes.id));
    },

    async chances(userId: number, lotteryId: number): Promise<number> {
      const rows = await db
        .select({ left: sql<number>`${lotteryPlayers.granted} - ${lotteryPlayers.used}` })
        .from(lotteryPlayers)
        .where(and(eq(lotteryPlayers.userId, userId), eq(lotteryPlayers.lotteryId, lotteryId)))
        .limit(1);
      return rows[0]?.left ?? 0;
    },

    /** Grants of the day by method (the daily benefit is method `daily`). */
    async grantsOfDay(
      userId: number,
      lotteryId: number,
      day: string,
    ): Promise<Map<string, number>> {
      const rows = await db
        .select({ method: lotteryChanceGrants.method, n: sql<number>`count(*)::int` })
        .from(lotteryChanceGrants)
        .where(
          and(
            eq(lotteryChanceGrants.userId, userId),
            eq(lotteryChanceGrants.lotteryId, lotteryId),
            eq(lotteryChanceGrants.day, day),
          ),
        )
        .groupBy(lotteryChanceGrants.method);
      return new Map(rows.map((r) => [r.method, r.n]));
    },

    async findDrawByRequest(
      userId: number,
      lotteryId: number,
      requestId: string,
    ): Promise<DrawRow | null> {
      const rows = await db
        .select()
        .from(lotteryDraws)
        .where(
          and(
            eq(lotteryDraws.userId, userId),
            eq(lotteryDraws.lotteryId, lotteryId),
            eq(lotteryDraws.requestId, requestId),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    /** My prizes (not "thanks for playing"), newest first, with the wheel's title. */
    async myAwards(userId: number, window: { offset: number; limit: number }) {
      const where = and(eq(lotteryDraws.userId, userId), ne(lotteryDraws.kind, 'none'));
      const [rows, count] = await Promise.all([
        db
          .select({ draw: lotteryDraws, title: lotteries.title })
          .from(lotteryDraws)
          .innerJoin(lotteries, eq(lotteries.id, lotteryDraws.lotteryId))
          .where(where)
          .orderBy(desc(lotteryDraws.id))
          .offset(window.offset)
          .limit(window.limit),
        db.select({ n: sql<number>`count(*)::int` }).from(lotteryDraws).where(where),
      ]);
      return { rows, total: count[0]?.n ?? 0 };
    },
  };
}
