import { endpoints } from '@picbook/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/define-route';
import { applyChance, collectDailyBenefit } from './chances';
import { drawLottery } from './draw-lottery';
import { lotteryInfo, myAwards } from './lottery-info';

export function registerLotteryRoutes(app: FastifyInstance): void {
  defineRoute(app, endpoints.lotteryInfo, ({ deps, userId, query }) =>
    lotteryInfo(deps, userId, query.id),
  );
  defineRoute(app, endpoints.lotteryDraw, ({ deps, userId, body }) =>
    drawLottery(deps, userId, { lotteryId: body.id, requestId: body.request_id }),
  );
  defineRoute(app, endpoints.lotteryGetReward, ({ deps, userId, body }) =>
    collectDailyBenefit(deps, userId, body.id),
  );
  defineRoute(app, endpoints.lotteryApplyChance, ({ deps, userId, body }) =>
    applyChance(deps, userId, body.id, body.method),
  );
  defineRoute(app, endpoints.lotteryAwards, ({ deps, userId, query }) =>
    myAwards(deps, userId, query),
  );
}
