import { randomUUID } from 'node:crypto';
import { endpoints } from '@picbook/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/define-route';
import { deviceIdOf } from '../../platform/http/device-id';
import { recordPingback } from './pingback';

const startedAt = Date.now();

export function registerSystemRoutes(app: FastifyInstance): void {
  defineRoute(app, endpoints.serverInfo, async ({ deps }) => ({
    t: Math.floor(deps.clock.now().getTime() / 1000),
  }));

  defineRoute(app, endpoints.uuid, async () => ({ uuid: randomUUID() }));

  defineRoute(app, endpoints.pingback, async ({ deps, body, request, reply }) => {
    // The answer holds nothing of the family's. Chromium never reports a keepalive fetch (the
    // app's tracking) finished when its answer says no-store, so a page would never be idle.
    reply.header('cache-control', 'no-cache');
    return {
      accepted: await recordPingback(deps, { body, ip: request.ip, deviceId: deviceIdOf(request) }),
    };
  });

  // Load balancers and process managers probe this; it is not part of the product API.
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    const dbUp = await app.deps.database.ping();
    return reply.status(dbUp ? 200 : 503).send({
      status: dbUp ? 'ok' : 'degraded',
      db: dbUp ? 'up' : 'down',
      uptime_s: Math.round((Date.now() - startedAt) / 1000),
    });
  });
}
