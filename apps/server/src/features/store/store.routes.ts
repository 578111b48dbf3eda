import { endpoints } from '@picbook/contracts';
import { parseEnv } from '@picbook/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoute } from '../../platform/http/define-route';
import { registerDeletionStep } from '../auth';
import { anonymiseGrants } from '../rights';
import { cancelOrder } from './close-orders';
import { continueOrder, createOrder } from './create-order';
import { appleReceipt, huaweiReceipt, restorePurchases } from './in-app-purchases';
import { listGoods } from './list-goods';
import { createOrderQueries } from './orders.queries';
import { presentOrders } from './present-order';
import { findOwnOrder, readOrder } from './read-order';

/** Which device asks: the native shells name themselves in the user agent (decision 010). */
const envOf = (request: FastifyRequest) => parseEnv(request.headers['user-agent'] ?? '');

export function registerStoreRoutes(app: FastifyInstance): void {
  defineRoute(app, endpoints.goods, ({ deps, query, request }) =>
    listGoods(deps, envOf(request), query),
  );

  defineRoute(app, endpoints.createOrder, ({ deps, userId, body, request }) =>
    createOrder(deps, request.log, {
      userId,
      env: envOf(request),
      productId: body.product_id,
      payMethod: body.pay_method,
      idempotencyKey: body.idempotency_key,
      promo: body.promo,
      client: body.client,
      clientIp: request.ip,
    }),
  );

  defineRoute(app, endpoints.order, ({ deps, userId, params, request }) =>
    readOrder(deps, request.log, userId, params.id),
  );

  defineRoute(app, endpoints.orders, async ({ deps, userId, query }) => {
    const page = await createOrderQueries(deps.db).pageOf(userId, query.page, query.page_size);
    return {
      list: await presentOrders(deps.db, page.list),
      page: query.page,
      page_size: query.page_size,
      total: page.total,
    };
  });

  defineRoute(app, endpoints.cancelStoreOrder, async ({ deps, userId, params, request }) => {
    const order = await findOwnOrder(deps, userId, params.id);
    const [answer] = await presentOrders(deps.db, [await cancelOrder(deps, request.log, order)]);
    if (!answer) throw new Error('order vanished');
    return answer;
  });

  defineRoute(app, endpoints.continueOrder, async ({ deps, userId, params, body, request }) =>
    continueOrder(deps, request.log, {
      order: await findOwnOrder(deps, userId, params.id),
      client: body.client,
      clientIp: request.ip,
    }),
  );

  defineRoute(app, endpoints.appleReceipt, ({ deps, userId, params, body, request }) =>
    appleReceipt(deps, request.log, {
      userId,
      orderNo: params.id,
      signedTransaction: body.signed_transaction,
    }),
  );

  defineRoute(app, endpoints.huaweiReceipt, ({ deps, userId, params, body, request }) =>
    huaweiReceipt(deps, request.log, {
      userId,
      orderNo: params.id,
      purchaseToken: body.purchase_token,
      productId: body.product_id,
    }),
  );

  defineRoute(app, endpoints.restorePurchases, ({ deps, userId, body, request }) =>
    restorePurchases(deps, request.log, {
      userId,
      signedTransactions: body.signed_transactions,
    }),
  );

  // Orders and right grants are money history: kept for the books, without the person.
  registerDeletionStep({
    name: 'store',
    async inTransaction(tx, user, now) {
      await createOrderQueries(tx).anonymise(user.id, now);
      await anonymiseGrants(tx, user.id, now);
    },
  });
}
