import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../platform/db/client';
import { pointsGoods, pointsSkus } from '../../platform/db/schema';
import { invalidParams } from '../../platform/errors';

/** What an operator sends to create or change a goods with its SKUs (points.saveGoods). */
export const ZGoodsInput = z
  .object({
    item_id: z.number().int().positive().optional(),
    title: z.string().trim().min(1).max(40),
    subtitle: z.string().max(60).default(''),
    description: z.string().max(2000).default(''),
    /** A picture under /media/ (or an https URL). */
    image: z.string().regex(/^(\/media\/|https:\/\/)\S+$/, 'image 应为 /media/… 或 https:// 地址'),
    kind: z.enum(['physical', 'vip', 'coins']),
    show_fake_stock: z.boolean().default(false),
    status: z.union([z.literal(0), z.literal(1)]).default(1),
    sort: z.number().int().min(-10_000).max(10_000).default(0),
    skus: z
      .array(
        z.object({
          sku_id: z.number().int().positive().optional(),
          title: z.string().trim().min(1).max(30),
          price: z.number().int().min(1).max(1_000_000),
          /** Stock of a new SKU; later changes go through points.adjustStock. */
          stock: z.number().int().min(0).max(1_000_000).default(0),
          grant_days: z.number().int().min(1).max(3650).optional(),
          grant_coins: z.number().int().min(1).max(100_000).optional(),
          status: z.union([z.literal(0), z.literal(1)]).default(1),
          sort: z.number().int().min(-10_000).max(10_000).default(0),
        }),
      )
      .min(1)
      .max(20),
  })
  .superRefine((goods, ctx) => {
    goods.skus.forEach((sku, i) => {
      if (goods.kind === 'vip' && !sku.grant_days) {
        ctx.addIssue({
          code: 'custom',
          path: ['skus', i, 'grant_days'],
          message: '会员商品需要天数',
        });
      }
      if (goods.kind === 'coins' && !sku.grant_coins) {
        ctx.addIssue({
          code: 'custom',
          path: ['skus', i, 'grant_coins'],
          message: '金币商品需要金币数',
        });
      }
    });
  });
export type GoodsInput = z.infer<typeof ZGoodsInput>;

/** Writes a goods and its SKUs in the caller's transaction; answers the goods id. */
export async function saveGoods(tx: Tx, input: GoodsInput, now: Date): Promise<number> {
  const values = {
    title: input.title,
    subtitle: input.subtitle,
    description: input.description,
    image: input.image,
    kind: input.kind,
    fullMethod: input.kind === 'physical' ? 1 : 2,
    showFakeStock: input.show_fake_stock,
    status: input.status,
    sort: input.sort,
    updatedAt: now,
  };
  let goodsId: number;
  if (input.item_id) {
    const [row] = await tx
      .update(pointsGoods)
      .set(values)
      .where(eq(pointsGoods.id, input.item_id))
      .returning({ id: pointsGoods.id });
    if (!row) throw invalidParams('item_id', '商品不存在');
    goodsId = row.id;
  } else {
    const [row] = await tx
      .insert(pointsGoods)
      .values({ ...values, createdAt: now })
      .returning({ id: pointsGoods.id });
    if (!row) throw new Error('goods not written');
    goodsId = row.id;
  }
  for (const [i, sku] of input.skus.entries()) {
    const skuValues = {
      title: sku.title,
      price: sku.price,
      grantDays: input.kind === 'vip' ? (sku.grant_days ?? null) : null,
      grantCoins: input.kind === 'coins' ? (sku.grant_coins ?? null) : null,
      status: sku.status,
      sort: sku.sort,
    };
    if (sku.sku_id) {
      const updated = await tx
        .update(pointsSkus)
        .set(skuValues)
        .where(and(eq(pointsSkus.id, sku.sku_id), eq(pointsSkus.goodsId, goodsId)))
        .returning({ id: pointsSkus.id });
      if (updated.length === 0) throw invalidParams(`skus.${i}.sku_id`, '不是这个商品的规格');
    } else {
      await tx.insert(pointsSkus).values({ goodsId, ...skuValues, stock: sku.stock });
    }
  }
  return goodsId;
}
