import { endpoints } from '@picbook/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/define-route';
import { guestLogin } from './guest-login';

export function registerAuthRoutes(app: FastifyInstance): void {
  defineRoute(app, endpoints.guestLogin, ({ deps, body }) =>
    guestLogin(deps.db, body.device_id, deps.clock.now()),
  );
}
