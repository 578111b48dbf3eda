import { ErrorCode, endpoints } from '@picbook/contracts';
import { pageCount, pageWindow } from '@picbook/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors';
import { defineRoute } from '../../platform/http/define-route';
import { readBalances } from '../../platform/ledger/ledger';
import { registerDeletionStep } from '../auth';
import { signIn, signInDetail } from './daily-sign';
import { cancelOwnOrder, exchangeGoods } from './exchange-goods';
import { presentGoods, presentGoodsDetail, presentOrder } from './mall.presenter';
import { createMallQueries } from './mall.queries';
import { pointsDetail, pointsRecords } from './points-account';
import { listTasks, receiveTask } from './tasks';

export function registerPointsRoutes(app: FastifyInstance): void {
  defineRoute(app, endpoints.pointsDetail, ({ deps, userId, request }) =>
    pointsDetail(deps, request.log, userId),
  );
  defineRoute(app, endpoints.dailySign, ({ deps, userId, request }) =>
    signIn(deps, request.log, userId),
  );
  defineRoute(app, endpoints.dailySignDetail, ({ deps, userId, request }) =>
    signInDetail(deps, request.log, userId),
  );
  defineRoute(app, endpoints.pointsMissions, async ({ deps, userId, request }) => ({
    list: await listTasks(deps, request.log, userId),
  }));
  defineRoute(app, endpoints.receivePoints, ({ deps, userId, body, request }) =>
    receiveTask(deps, request.log, userId, body.id),
  );
  defineRoute(app, endpoints.pointsRecord, ({ deps, userId, query }) =>
    pointsRecords(deps, userId, query),
  );

  defineRoute(app, endpoints.goodsList, async ({ deps, userId }) => {
    const now = deps.clock.now();
    const [goods, balances] = await Promise.all([
      createMallQueries(deps.db).listOnShelf(),
      readBalances(deps.db, userId),
    ]);
    return { list: goods.map((g) => presentGoods(g, now)), points: balances.points };
  });
  defineRoute(app, endpoints.goodsDetail, async ({ deps, userId, query }) => {
    const item = await createMallQueries(deps.db).findGoods(query.item_id);
    if (item?.goods.status !== 1) throw new AppError(ErrorCode.RecordNotFound, '商品已下架');
    const balances = await readBalances(deps.db, userId);
    return presentGoodsDetail(item, deps.clock.now(), balances.points);
  });
  defineRoute(app, endpoints.exchangeGoods, ({ deps, userId, body }) =>
    exchangeGoods(deps, {
      userId,
      itemId: body.item_id,
      skuId: body.sku_id,
      addressId: body.address_id,
      requestId: body.request_id,
    }),
  );
  defineRoute(app, endpoints.orderDetail, async ({ deps, userId, query }) => {
    const order = await createMallQueries(deps.db).findOrder(query.order_id, userId);
    if (!order) throw new AppError(ErrorCode.RecordNotFound, '订单不存在');
    return { order: presentOrder(order), points: (await readBalances(deps.db, userId)).points };
  });
  defineRoute(app, endpoints.orderList, async ({ deps, userId, query }) => {
    const [{ rows, total }, balances] = await Promise.all([
      createMallQueries(deps.db).listOrders(userId, pageWindow(query.page, query.page_size)),
      readBalances(deps.db, userId),
    ]);
    return {
      list: rows.map(presentOrder),
      current_page: query.page,
      page_count: pageCount(total, query.page_size),
      total,
      points: balances.points,
    };
  });
  defineRoute(app, endpoints.cancelOrder, ({ deps, userId, body }) =>
    cancelOwnOrder(deps, userId, body.order_id),
  );

  // Orders stay for the books after an account is deleted; the delivery address goes.
  registerDeletionStep({
    name: 'points-orders',
    async inTransaction(tx, user) {
      await createMallQueries(tx).forgetAddresses(user.id);
    },
  });
}
