import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { lotteries, pointsGoods, pointsOrders, pointsSkus } from '../../platform/db/schema';

export type GoodsRow = typeof pointsGoods.$inferSelect;
export type SkuRow = typeof pointsSkus.$inferSelect;
export type OrderRow = typeof pointsOrders.$inferSelect;
export interface GoodsWithSkus {
  goods: GoodsRow;
  skus: SkuRow[];
}

export function createMallQueries(db: DbOrTx) {
  async function skusOf(goodsIds: number[]): Promise<Map<number, SkuRow[]>> {
    const map = new Map<number, SkuRow[]>();
    if (goodsIds.length === 0) return map;
    const rows = await db
      .select()
      .from(pointsSkus)
      .where(inArray(pointsSkus.goodsId, goodsIds))
      .orderBy(asc(pointsSkus.sort), asc(pointsSkus.id));
    for (const row of rows) map.set(row.goodsId, [...(map.get(row.goodsId) ?? []), row]);
    return map;
  }

  return {
    /** The newest wheel that is on and running now (the points page links to it). */
    async currentLottery(now: Date): Promise<{ id: number; title: string } | null> {
      const rows = await db
        .select({ id: lotteries.id, title: lotteries.title })
        .from(lotteries)
        .where(and(eq(lotteries.status, 1), lte(lotteries.startAt, now), gt(lotteries.endAt, now)))
        .orderBy(desc(lotteries.id))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Goods on the shelf (status 1) with their SKUs on sale, in the operators' order. */
    async listOnShelf(): Promise<GoodsWithSkus[]> {
      const goods = await db
        .select()
        .from(pointsGoods)
        .where(eq(pointsGoods.status, 1))
        .orderBy(asc(pointsGoods.sort), asc(pointsGoods.id));
      const skus = await skusOf(goods.map((g) => g.id));
      return goods
        .map((g) => ({ goods: g, skus: (skus.get(g.id) ?? []).filter((s) => s.status === 1) }))
        .filter((g) => g.skus.length > 0);
    },

    async findGoods(id: number): Promise<GoodsWithSkus | null> {
      const rows = await db.select().from(pointsGoods).where(eq(pointsGoods.id, id)).limit(1);
      const goods = rows[0];
      if (!goods) return null;
      return { goods, skus: (await skusOf([id])).get(id) ?? [] };
    },

    async countGoods(): Promise<number> {
      const rows = await db.select({ n: sql<number>`count(*)::int` }).from(pointsGoods);
      return rows[0]?.n ?? 0;
    },

    async findOrder(id: number, userId?: number, lock = false): Promise<OrderRow | null> {
      const where =
        userId === undefined
          ? eq(pointsOrders.id, id)
          : and(eq(pointsOrders.id, id), eq(pointsOrders.userId, userId));
      const query = db.select().from(pointsOrders).where(where).limit(1);
      const rows = lock ? await query.for('update') : await query;
      return rows[0] ?? null;
    },

    async findOrderByRequest(userId: number, requestId: string): Promise<OrderRow | null> {
      const rows = await db
        .select()
        .from(pointsOrders)
        .where(and(eq(pointsOrders.userId, userId), eq(pointsOrders.requestId, requestId)))
        .limit(1);
      return rows[0] ?? null;
    },

    async listOrders(
      userId: number,
      window: { offset: number; limit: number },
    ): Promise<{ rows: OrderRow[]; total: number }> {
      const [rows, count] = await Promise.all([
        db
          .select()
          .from(pointsOrders)
          .where(eq(pointsOrders.userId, userId))
          .orderBy(desc(pointsOrders.id))
          .offset(window.offset)
          .limit(window.limit),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(pointsOrders)
          .where(eq(pointsOrders.userId, userId)),
      ]);
      return { rows, total: count[0]?.n ?? 0 };
    },

    async orderTitles(ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: pointsOrders.id, title: pointsOrders.title })
        .from(pointsOrders)
        .where(inArray(pointsOrders.id, ids));
      return new Map(rows.map((r) => [r.id, r.title]));
    },

    /** Every goods and every SKU, on the shelf or not (the console's list). */
    async listAllWithSkus(): Promise<{ goods: GoodsRow[]; skus: SkuRow[] }> {
      const [list, skus] = await Promise.all([
        db.select().from(pointsGoods).orderBy(asc(pointsGoods.sort), asc(pointsGoods.id)),
        db.select().from(pointsSkus).orderBy(asc(pointsSkus.id)),
      ]);
      return { goods: list, skus };
    },

    /** A deleted account's orders stay for the books without their delivery address. */
    async forgetAddresses(userId: number): Promise<void> {
      await db.update(pointsOrders).set({ address: null }).where(eq(pointsOrders.userId, userId));
    },
  };
}
