import { endpoints } from '@picbook/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/define-route';
import { assembleActivityData, liveActivityRecords } from './activity-data';
import { recordShare } from './share';

export function registerActivityRoutes(app: FastifyInstance): void {
  defineRoute(app, endpoints.activityData, async ({ deps }) =>
    assembleActivityData(await liveActivityRecords(deps.db, deps.clock.now())),
  );

  defineRoute(app, endpoints.share, ({ deps, userId, body }) => recordShare(deps, userId, body));
}
