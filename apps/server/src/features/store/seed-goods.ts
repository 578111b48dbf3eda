import type { Db } from '../../platform/db/client';
import { goods } from '../../platform/db/schema';
import { DEFAULT_GOODS } from './goods.defaults';
import { goodsValues } from './goods.queries';

/** Adds the default goods that are missing; goods operators changed are left as they are. */
export async function seedGoods(db: Db): Promise<void> {
  await db
    .insert(goods)
    .values(DEFAULT_GOODS.map(goodsValues))
    .onConflictDoNothing({ target: goods.productId });
}
