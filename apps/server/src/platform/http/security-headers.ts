import type { FastifyInstance } from 'fastify';

/**
 * CSP for the SPA document: everything from our own origin; media may be blob: (recordings);
 * frames also from https pages (the in-app web screen shows operators' activity pages, issue 19).
 */
export const SPA_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-src 'self' https:",
  "frame-ancestors 'self'",
].join('; ');

export function registerSecurityHeaders(app: FastifyInstance): void {
  const instance = app.deps.config.instanceName;
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    // Which of several processes answered (INSTANCE_NAME; the scale-out check reads it).
    if (instance) reply.header('x-instance', instance);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    return payload;
  });
}
