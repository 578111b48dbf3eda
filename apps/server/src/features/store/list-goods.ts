import type { TGoods, TGoodsItem, TPayMethod } from '@picbook/contracts';
import {
  type AppEnv,
  channelPayMethods,
  effectivePrice,
  fullMethod,
  type GoodsCategory,
  isPromoActive,
  isSoldIn,
  type PayMethod,
  pricePerDay,
  type SalesChannel,
  salesChannel,
} from '@picbook/domain';
import type { AppDeps } from '../../platform/deps';
import { unixSeconds } from '../../platform/time';
import { createGoodsQueries, type GoodsRow } from './goods.queries';

/** The payment methods this device may use and this deployment has adapters for. */
export function availablePayMethods(deps: AppDeps, env: AppEnv): PayMethod[] {
  const { web, apple, huawei } = deps.payments;
  return channelPayMethods(env).filter((method) =>
    method === 'apple' ? apple !== null : method === 'huawei' ? huawei !== null : web[method],
  );
}

/** Whether these goods are sold to this device now. */
export function isSoldHere(row: GoodsRow, env: AppEnv, appVersion?: string): boolean {
  return (
    row.onSale &&
    isSoldIn(
      {
        channels: row.channels as SalesChannel[],
        min_app_version: row.minAppVersion,
        apple_product_id: row.appleProductId,
        huawei_product_id: row.huaweiProductId,
      },
      env,
      appVersion,
    )
  );
}

export function presentGoods(row: GoodsRow, env: AppEnv, now: number, code?: string): TGoodsItem {
  const promoActive = isPromoActive(row.promo, now, code);
  const price = effectivePrice({ price: row.price, promo: row.promo }, now, code);
  return {
    id: row.id,
    product_id: row.productId,
    category: row.category as GoodsCategory,
    title: row.title,
    subtitle: row.subtitle,
    right_name: row.rightName,
    days: row.days,
    lifetime: row.days === null,
    price,
    original_price: promoActive ? row.price : row.originalPrice,
    promo:
      promoActive && row.promo
        ? {
            label: row.promo.label,
            price: row.promo.price,
            start_time: row.promo.start_time,
            end_time: row.promo.end_time,
          }
        : null,
    price_per_day: pricePerDay(price, row.days),
    badge: row.badge,
    full_method: fullMethod(env),
    apple_product_id: row.appleProductId,
    huawei_product_id: row.huaweiProductId,
  };
}

/**
 * GET /api/v1/goods: what this device can buy — on sale, listed for its channel (from the user
 * agent), new enough an app — at today's price. A native purchase intent's product_id may be ours
 * or the store's product id.
 */
export async function listGoods(
  deps: AppDeps,
  env: AppEnv,
  query: { category?: GoodsCategory; app_version?: string; product_id?: string; promo?: string },
): Promise<TGoods> {
  const now = unixSeconds(deps.clock.now());
  const q = createGoodsQueries(deps.db);
  const rows = query.product_id
    ? [await q.findByAnyProductId(query.product_id)].filter((r): r is GoodsRow => Boolean(r))
    : await q.listOnSale();
  return {
    list: rows
      .filter((row) => !query.category || row.category === query.category)
      .filter((row) => isSoldHere(row, env, query.app_version))
      .map((row) => presentGoods(row, env, now, query.promo)),
    channel: salesChannel(env),
    pay_methods: availablePayMethods(deps, env) satisfies TPayMethod[],
    sandbox: deps.payments.sandbox !== null,
    now,
  };
}
