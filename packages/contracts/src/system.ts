import { z } from 'zod';
import type { AreaEndpoints } from './endpoint-def';
import { routes } from './routes';
import { PINGBACK_EVENT_PATTERN, PINGBACK_MAX_EVENTS } from './system-limits';

export * from './system-limits';

export const ZServerInfo = z.object({
  /** Server time, Unix seconds. Clients use it to adjust rights checks to server time. */
  t: z.number().int(),
});
export type TServerInfo = z.infer<typeof ZServerInfo>;

export const ZUuid = z.object({ uuid: z.uuid() });
export type TUuid = z.infer<typeof ZUuid>;

/** GET /build.json — the version of the web build that the server is serving. */
export const ZBuildInfo = z.object({
  source: z.string().min(1),
  time: z.number().int(),
});
export type TBuildInfo = z.infer<typeof ZBuildInfo>;

export const ZHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['up', 'down']),
  uptime_s: z.number(),
});

/**
 * POST /api/v1/pingback — tracking events batched by the client, counted per day, event and
 * level for operators (decision 025).
 */
export const ZPingbackEvent = z.object({
  event: z.string().regex(PINGBACK_EVENT_PATTERN, 'event must be a lower-case word (pv, update …)'),
  ts: z.number().int(),
  path: z.string().max(512).optional(),
  level: z.enum(['info', 'warn', 'error']).optional(),
  detail: z.record(z.string(), z.unknown()).optional(),
});
export const ZPingbackRequest = z.object({
  sid: z.string().max(64).optional(),
  events: z.array(ZPingbackEvent).min(1).max(PINGBACK_MAX_EVENTS),
});
export type TPingbackRequest = z.infer<typeof ZPingbackRequest>;
export const ZPingbackResponse = z.object({ accepted: z.number().int() });

/** The endpoint table's entries of this area (endpoints.ts assembles the areas). */
export const systemEndpoints = {
  serverInfo: {
    ...routes.serverInfo,
    summary: 'Server time (data.t, Unix seconds)',
    tags: ['system'],
    response: ZServerInfo,
  },
  uuid: {
    ...routes.uuid,
    summary: 'A fresh random v4 uuid',
    tags: ['system'],
    response: ZUuid,
  },
  pingback: {
    ...routes.pingback,
    summary: 'Tracking events (pv, update, timeout_error, offline_error, loading_error ...)',
    tags: ['system'],
    body: ZPingbackRequest,
    response: ZPingbackResponse,
  },
} as const satisfies AreaEndpoints;
