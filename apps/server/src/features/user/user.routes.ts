import { endpoints } from '@picbook/contracts';
import type { FastifyInstance } from 'fastify';
import { notLoggedIn } from '../../platform/auth/session';
import { defineRoute } from '../../platform/http/define-route';
import { presentUser } from './user.presenter';
import { createUserQueries } from './user.queries';

export function registerUserRoutes(app: FastifyInstance): void {
  defineRoute(app, endpoints.userInfo, async ({ deps, userId }) => {
    const user = await createUserQueries(deps.db).findById(userId);
    if (!user) throw notLoggedIn();
    return presentUser(user, deps.clock.now());
  });
}
