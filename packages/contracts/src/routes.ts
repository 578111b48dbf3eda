/**
 * Method, path and auth mode of every endpoint, free of zod so that the web bundle can use it.
 * `endpoints.ts` adds the schemas on top of this table.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call an endpoint: anyone, anyone (user resolved when a token is sent), or a logged-in user. */
export type AuthMode = 'none' | 'optional' | 'user';

export interface RouteDef {
  method: HttpMethod;
  /** Fastify-style path; `:name` segments are path parameters. */
  path: string;
  auth: AuthMode;
}

export const routes = {
  serverInfo: { method: 'GET', path: '/api/serverinfo', auth: 'none' },
  uuid: { method: 'GET', path: '/api/v1/uuid', auth: 'none' },
  pingback: { method: 'POST', path: '/api/v1/pingback', auth: 'optional' },
  configs: { method: 'GET', path: '/api/v1/configs', auth: 'none' },
  promotion: { method: 'GET', path: '/api/v1/configs/promotion', auth: 'optional' },
  smsAreas: { method: 'GET', path: '/api/v1/configs/sms_areas', auth: 'none' },
  guestLogin: { method: 'POST', path: '/api/v1/guest_login', auth: 'none' },
  userInfo: { method: 'GET', path: '/api/v1/user', auth: 'user' },
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof routes;
