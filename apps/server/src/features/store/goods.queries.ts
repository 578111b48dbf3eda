import { and, asc, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { goods } from '../../platform/db/schema';
import type { GoodsDefinition } from './goods.defaults';

export type GoodsRow = typeof goods.$inferSelect;

/** The goods row for a definition (what seeding and the operators' goods.save write). */
export function goodsValues(def: GoodsDefinition) {
  return {
    productId: def.product_id,
    category: def.category,
    title: def.title,
    subtitle: def.subtitle,
    rightName: def.right_name,
    days: def.days,
    price: def.price,
    originalPrice: def.original_price,
    channels: def.channels,
    appleProductId: def.apple_product_id,
    huaweiProductId: def.huawei_product_id,
    badge: def.badge,
    sort: def.sort,
  };
}

export function createGoodsQueries(db: DbOrTx) {
  return {
    /** Every product, on sale or not, in shelf order (the console's list). */
    listAll: () => db.select().from(goods).orderBy(asc(goods.sort), asc(goods.id)),

    /** Goods on sale, in shelf order. */
    listOnSale: () =>
      db.select().from(goods).where(eq(goods.onSale, true)).orderBy(asc(goods.sort), asc(goods.id)),

    /** By our product id, or the App Store / Huawei product id a native purchase intent carries. */
    async findByAnyProductId(productId: string): Promise<GoodsRow | undefined> {
      const [row] = await db
        .select()
        .from(goods)
        .where(
          or(
            eq(goods.productId, productId),
            eq(goods.appleProductId, productId),
            eq(goods.huaweiProductId, productId),
          ),
        )
        .limit(1);
      return row;
    },

    async findOnSale(productId: string): Promise<GoodsRow | undefined> {
      const [row] = await db
        .select()
        .from(goods)
        .where(and(eq(goods.productId, productId), eq(goods.onSale, true)));
      return row;
    },

    async findById(id: number): Promise<GoodsRow | undefined> {
      const [row] = await db.select().from(goods).where(eq(goods.id, id));
      return row;
    },

    async findByAppleProductId(appleProductId: string): Promise<GoodsRow | undefined> {
      const [row] = await db.select().from(goods).where(eq(goods.appleProductId, appleProductId));
      return row;
    },
  };
}
