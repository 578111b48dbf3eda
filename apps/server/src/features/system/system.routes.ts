import { randomUUID } from 'node:crypto';
import { endpoints } from '@picbook/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/define-route';

const startedAt = Date.now();

export function registerSystemRoutes(app: FastifyInstance): void {
  defineRoute(app, endpoints.serverInfo, async ({ deps }) => ({
    t: Math.floor(deps.clock.now().getTime() / 1000),
  }));

  defineRoute(app, endpoints.uuid, async () => ({ uuid: randomUUID() }));

  defineRoute(app, endpoints.pingback, async ({ body, request, userId }) => {
    // Tracking goes to the structured log, where the log pipeline ships it to analytics.
    for (const event of body.events) {
      const level = event.level === 'error' ? 'error' : event.level === 'warn' ? 'warn' : 'info';
      request.log[level]({ pingback: event, sid: body.sid, uid: userId }, `client ${event.event}`);
    }
    return { accepted: body.events.length };
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
