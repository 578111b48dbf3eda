import {
  type EndpointData,
  type EndpointDef,
  type EndpointParsed,
  envelope,
} from '@picbook/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notLoggedIn, resolveToken } from '../auth/session';
import type { AppDeps } from '../deps';
import type { Operator } from '../ops/operator-action';
import { resolveOperator } from '../ops/operator-session';

export interface RouteContext<E extends EndpointDef> extends EndpointParsed<E> {
  /** The logged-in user's id; always set for `auth: 'user'` endpoints. */
  userId: E['auth'] extends 'user' ? number : number | null;
  /** The operator of an `auth: 'operator'` endpoint (header ops_token). */
  operator: E['auth'] extends 'operator' ? Operator : null;
  deps: AppDeps;
  /** The raw access_token header (routes that resolve it in their own query: `ownTokenQuery`). */
  token: string | undefined;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Registers one endpoint of the contract table: validation from its schemas, token resolution
 * by its auth mode, and the success envelope around what the handler returns.
 */
export function defineRoute<E extends EndpointDef>(
  app: FastifyInstance,
  endpoint: E,
  handler: (ctx: RouteContext<E>) => Promise<EndpointData<E>>,
  options: {
    /**
     * An `auth: 'optional'` endpoint whose handler resolves the token inside the one query it
     * makes (decision 071): userId is left null here, the handler sets request.userId.
     */
    ownTokenQuery?: boolean;
    /** A larger JSON body than the app's 1 MB (an operator action carrying a recording). */
    bodyLimit?: number;
  } = {},
): void {
  if (options.ownTokenQuery && endpoint.auth !== 'optional')
    throw new Error(`${endpoint.path}: ownTokenQuery is for optional-auth endpoints only`);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    schema: {
      summary: endpoint.summary,
      tags: [...endpoint.tags],
      ...(endpoint.auth === 'operator'
        ? { security: [{ opsToken: [] }] }
        : endpoint.auth !== 'none'
          ? { security: [{ accessToken: [] }] }
          : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: envelope(endpoint.response) },
    },
    handler: async (request, reply) => {
      let userId: number | null = null;
      let operator: Operator | null = null;
      const token = firstHeader(request, 'access_token');
      if (endpoint.auth === 'operator') {
        operator = await resolveOperator(
          app.deps.db,
          firstHeader(request, 'ops_token'),
          app.deps.clock.now(),
        );
        if (operator === null) throw notLoggedIn();
      } else if (endpoint.auth !== 'none' && !options.ownTokenQuery) {
        userId = await resolveToken(app.deps.db, token, app.deps.clock.now());
        if (endpoint.auth === 'user' && userId === null) throw notLoggedIn();
      }
      request.userId = userId;
      const data = await handler({
        params: request.params,
        query: request.query,
        body: request.body,
        userId,
        operator,
        deps: app.deps,
        token,
        request,
        reply,
      } as RouteContext<E>);
      return { code: 0, msg: 'ok', data };
    },
  });
}

function firstHeader(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers[name];
  return Array.isArray(header) ? header[0] : header;
}

declare module 'fastify' {
  interface FastifyRequest {
    userId: number | null;
    /**
     * The handler told this process's caches every change it committed (`ChangeFeed.announce`):
     * the answer need not wait for the change feed's settle (app.ts).
     */
    changesAnnounced: boolean;
  }
}
