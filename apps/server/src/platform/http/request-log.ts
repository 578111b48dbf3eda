import type { FastifyInstance } from 'fastify';

/** Probes that run every few seconds and would drown the log. */
const QUIET_PATHS = new Set(['/healthz']);

/**
 * One info line per answered request — method, path (no query string: it may hold phone numbers
 * or signatures), status and milliseconds — under the request id pino already binds (`reqId`),
 * enough to trace a request; none for health probes.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (QUIET_PATHS.has(path)) return;
    request.log.info(
      {
        method: request.method,
        path,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  });
}
