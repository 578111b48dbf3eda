import type { EndpointData, EndpointInput, Endpoints } from '@picbook/contracts';
import { type RouteName, routes } from '@picbook/contracts/routes';
import { type QueryValue, request } from './request';

type Input<N extends RouteName> = EndpointInput<Endpoints[N]>;

/** Only the parts of the input that the endpoint has. */
type CallInput<N extends RouteName> = {
  [K in keyof Input<N> as Input<N>[K] extends undefined ? never : K]: Input<N>[K];
};

export interface CallOptions {
  silent?: boolean;
  timeoutMs?: number;
  token?: string;
}

/** Fills `:name` segments from params, URL-encoded. */
export function fillPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** A typed call of one endpoint of the contract table. */
export function api<N extends RouteName>(
  name: N,
  ...[input, options]: keyof CallInput<N> extends never
    ? [input?: CallInput<N>, options?: CallOptions]
    : [input: CallInput<N>, options?: CallOptions]
): Promise<EndpointData<Endpoints[N]>> {
  const route = routes[name];
  const given = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, QueryValue>;
    body?: unknown;
  };
  return request<EndpointData<Endpoints[N]>>({
    method: route.method,
    path: fillPath(route.path, given.params),
    query: given.query,
    body: given.body,
    ...options,
  });
}
