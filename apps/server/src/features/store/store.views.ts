import { z } from 'zod';
import type { DbOrTx } from '../../platform/db/client';
import { offsetOf, ZPaging } from '../../platform/ops/inputs';
import { defineOperatorView } from '../../platform/ops/operator-view';
import { unixSecondsOrNull as secs } from '../../platform/time';
import { createGoodsQueries } from './goods.queries';
import { createOrderQueries, type OrderRow } from './orders.queries';

/** The store as the console lists it (decision 066); its changes are store.actions.ts. */

export const goodsView = defineOperatorView({
  name: 'commerce.goods',
  summary: 'Store goods with prices, promotions (time windows) and channels',
  roles: ['commerce'],
  input: z.object({}),
  async read({ deps }) {
    const rows = await createGoodsQueries(deps.db).listAll();
    return {
      // In the shape goods.save takes, so the console edits a product by sending it back.
      result: rows.map((g) => ({
        product_id: g.productId,
        category: g.category,
        title: g.title,
        subtitle: g.subtitle,
        right_name: g.rightName,
        days: g.days,
        price: g.price,
        original_price: g.originalPrice,
        promo: g.promo,
        channels: g.channels,
        min_app_version: g.minAppVersion,
        apple_product_id: g.appleProductId,
        huawei_product_id: g.huaweiProductId,
        badge: g.badge,
        sort: g.sort,
        on_sale: g.onSale,
      })),
    };
  },
});

export const ordersView = defineOperatorView({
  name: 'commerce.orders',
  summary: 'Orders (newest first) with their payment events, by family, order number or status',
  roles: ['commerce', 'support'],
  input: ZPaging.extend({
    user_id: z.number().int().positive().optional(),
    order_no: z.string().trim().max(64).optional(),
    status: z.string().trim().max(20).optional(),
  }),
  async read({ deps, input }) {
    const rows = await createOrderQueries(deps.db).listForOps(
      { userId: input.user_id, orderNo: input.order_no, status: input.status },
      { limit: input.page_size, offset: offsetOf(input) },
    );
    return { result: await presentOrdersForOps(deps.db, rows) };
  },
});

/** Orders with their payment events, as the console shows them (also on a family's page). */
export async function presentOrdersForOps(db: DbOrTx, rows: OrderRow[]) {
  const events = await createOrderQueries(db).paymentsOf(rows.map((r) => r.id));
  return rows.map((o) => ({
    order_no: o.orderNo,
    user_id: o.userId,
    title: o.title,
    right_name: o.rightName,
    amount: o.amount,
    pay_method: o.payMethod,
    status: o.status,
    create_time: secs(o.createdAt),
    paid_time: secs(o.paidAt),
    refunded_time: secs(o.refundedAt),
    payments: events
      .filter((p) => p.orderId === o.id)
      .map((p) => ({
        kind: p.kind,
        method: p.method,
        transaction_id: p.providerTxnId,
        amount: p.amount,
        status: p.status,
        time: secs(p.at),
      })),
  }));
}
