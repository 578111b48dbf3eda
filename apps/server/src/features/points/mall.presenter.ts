import type { TGoodsDetail, TPointsGoods, TPointsOrder } from '@picbook/contracts';
import { canCancelOrder, fakeStock } from '@picbook/domain';
import { unixSeconds } from '../../platform/time';
import type { GoodsWithSkus, OrderRow, SkuRow } from './mall.queries';

const kindOf = (kind: string) => kind as TPointsGoods['kind'];
const onSale = (sku: SkuRow) => sku.status === 1;

export function presentGoods({ goods, skus }: GoodsWithSkus, now: Date): TPointsGoods {
  const selling = skus.filter(onSale);
  const stock = selling.reduce((sum, s) => sum + s.stock, 0);
  const first = selling.find((s) => s.stock > 0) ?? selling[0] ?? skus[0];
  return {
    item_id: goods.id,
    title: goods.title,
    subtitle: goods.subtitle,
    image: goods.image,
    kind: kindOf(goods.kind),
    full_method: goods.fullMethod,
    price: selling.length > 0 ? Math.min(...selling.map((s) => s.price)) : 0,
    stock,
    sold_out: stock === 0,
    sku_id: first?.id ?? 0,
    // The marketing number is capped by the real stock (decision 037).
    fake_stock: goods.showFakeStock ? fakeStock(unixSeconds(now), stock) : null,
  };
}

export function presentGoodsDetail(item: GoodsWithSkus, now: Date, points: number): TGoodsDetail {
  return {
    ...presentGoods(item, now),
    description: item.goods.description,
    skus: item.skus.filter(onSale).map((s) => ({
      sku_id: s.id,
      title: s.title,
      price: s.price,
      stock: s.stock,
      sold_out: s.stock === 0,
      grant_days: s.grantDays,
      grant_coins: s.grantCoins,
    })),
    points,
  };
}

const secondsOrNull = (date: Date | null) => (date ? unixSeconds(date) : null);

export function presentOrder(order: OrderRow): TPointsOrder {
  return {
    order_id: order.id,
    item_id: order.goodsId,
    sku_id: order.skuId,
    title: order.title,
    sku_title: order.skuTitle,
    image: order.image,
    kind: kindOf(order.kind),
    full_method: order.fullMethod,
    points: order.points,
    status: order.status,
    can_cancel: canCancelOrder(order.status),
    address: order.address,
    carrier: order.carrier,
    tracking_no: order.trackingNo,
    create_time: unixSeconds(order.createdAt),
    ship_time: secondsOrNull(order.shippedAt),
    cancel_time: secondsOrNull(order.cancelledAt),
  };
}
