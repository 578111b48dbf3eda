import { endpoints } from '@picbook/contracts';
import type { WorkType } from '@picbook/domain';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/define-route';
import { finishRun, libraryReward, shareReward } from './rewards';

export function registerRewardRoutes(app: FastifyInstance): void {
  defineRoute(app, endpoints.libraryReward, ({ deps, userId, params, query, request }) =>
    libraryReward(deps, request.log, userId, params.bookId, query.type as WorkType),
  );

  defineRoute(app, endpoints.finishBook, ({ deps, userId, params, query, request }) =>
    finishRun(deps, request.log, {
      userId,
      bookId: params.id,
      type: query.type as WorkType,
      uuid: query.uuid,
    }),
  );

  defineRoute(app, endpoints.shareReward, ({ deps, userId, params, body, request }) =>
    shareReward(deps, request.log, { userId, bookId: params.id, type: body.type as WorkType }),
  );
}
