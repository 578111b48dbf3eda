import { endpoints } from '@picbook/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/define-route';
import { challenge, kobState } from './kob';

export function registerKobRoutes(app: FastifyInstance): void {
  defineRoute(app, endpoints.kob, ({ deps, userId, request }) =>
    kobState(deps, request.log, userId),
  );
  defineRoute(app, endpoints.kobChallenge, ({ deps, userId, body, request }) =>
    challenge(deps, request.log, userId, body.book_id),
  );
}
