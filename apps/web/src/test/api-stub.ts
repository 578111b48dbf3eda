/**
 * Test-only: fetch stubbed by endpoint name of the contract table (`@picbook/contracts`'
 * `endpoints`). Each answer's `data` is parsed with the endpoint's response schema before it is
 * answered, as the server's serializer does, so a stub the server could never send fails the test
 * (the setup file's afterEach throws what `takeStubProblems` holds) instead of passing.
 */
import {
  type EndpointData,
  type EndpointDef,
  type EndpointInput,
  type EndpointName,
  type Endpoints,
  endpoints,
} from '@picbook/contracts';
import { vi } from 'vitest';
import { z } from 'zod';

/** The `:name` segments of a path, e.g. `'id' | 'type'`. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** What a stub sees of one call of endpoint N. */
export interface StubRequest<N extends EndpointName> {
  /** Path parameters as they appear in the URL (strings, URL-decoded). */
  params: Record<ParamNames<Endpoints[N]['path']>, string>;
  query: URLSearchParams;
  /** The JSON body as sent (a FormData as is); undefined for a GET. */
  body: EndpointInput<Endpoints[N]>['body'];
  headers: Headers;
  init: RequestInit | undefined;
  url: URL;
}

const errorMark = Symbol('api-error');
/** A business error (code ≠ 0) or an HTTP failure, answered instead of data. */
export interface ApiError {
  [errorMark]: true;
  code: number;
  msg: string;
  data: Record<string, unknown> | null;
  status: number;
}

/** A business error envelope: `{ code, msg, data }` with HTTP 200, as the server sends them. */
export const apiError = (
  code: number,
  msg: string,
  data: Record<string, unknown> | null = null,
): ApiError => ({ [errorMark]: true, code, msg, data, status: 200 });

/** An HTTP failure (401, 429, 5xx): the status, with an error envelope (by default of its code). */
export const httpError = (
  status: number,
  envelope: { code?: number; msg?: string; data?: Record<string, unknown> | null } = {},
): ApiError => ({
  [errorMark]: true,
  code: envelope.code ?? status,
  msg: envelope.msg ?? 'error',
  data: envelope.data ?? null,
  status,
});

/** What a call no stub covers gets: for an answer that covers only some of its calls. */
export const unstubbed = (request: { url: URL; init: RequestInit | undefined }): ApiError =>
  apiError(10024, `no stub for ${request.init?.method ?? 'GET'} ${request.url.pathname}`);

const isApiError = (value: unknown): value is ApiError =>
  typeof value === 'object' && value !== null && errorMark in value;

type Awaitable<T> = T | Promise<T>;
/**
 * One endpoint's stub: its data (checked against the response schema), an `apiError`/`httpError`,
 * or a promise of either (one that never settles is a request in flight; a rejection is the
 * network). A `Response` is for what is not an envelope (a proxy's page, a header); a success
 * envelope in it is checked all the same.
 */
export type StubAnswer<N extends EndpointName> = (
  request: StubRequest<N>,
) => Awaitable<EndpointData<Endpoints[N]> | ApiError | Response>;
export type ApiAnswers = { [N in EndpointName]?: StubAnswer<N> };

const envelopeResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const errorResponse = (error: ApiError) =>
  envelopeResponse({ code: error.code, msg: error.msg, data: error.data }, error.status);

/** Problems of the stubs of the running test (wrong-shaped answers); the setup's afterEach throws them. */
let problems: string[] = [];
/** The stub problems so far, forgotten once taken. */
export function takeStubProblems(): string[] {
  const taken = problems;
  problems = [];
  return taken;
}

interface Route {
  name: EndpointName;
  method: string;
  path: string;
  pattern: RegExp;
  paramNames: string[];
  /** Literal characters: a literal path wins over a pattern that also matches. */
  weight: number;
}

function route(name: EndpointName): Route {
  const def = (endpoints as Partial<Record<string, EndpointDef>>)[name];
  if (!def) throw new Error(`stubApi: ${String(name)} is not an endpoint of the contract table`);
  const paramNames: string[] = [];
  const source = def.path
    .split(/(:\w+)/)
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      paramNames.push(part.slice(1));
      return '([^/]+)';
    })
    .join('');
  const { method, path } = def;
  return {
    name,
    method,
    path,
    pattern: new RegExp(`^${source}$`),
    paramNames,
    weight: path.replace(/:\w+/g, '').length,
  };
}

function parseBody(body: RequestInit['body'] | undefined): unknown {
  if (body === undefined || body === null) return undefined;
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/** The data of a success envelope in a response (read from a copy), if it holds one. */
async function envelopeData(response: Response): Promise<{ data: unknown } | null> {
  if (!response.ok) return null;
  try {
    const body = (await response.clone().json()) as { code?: unknown; data?: unknown };
    return body.code === 0 || body.code === 200 ? { data: body.data } : null;
  } catch {
    return null;
  }
}

/** Parses stubbed data with the endpoint's response schema; a mismatch is a problem of the test. */
async function check(found: Route, call: string, answer: { data: unknown } | null) {
  if (!answer) return undefined;
  const parsed = endpoints[found.name].response.safeParse(answer.data);
  if (parsed.success) return parsed.data;
  const problem =
    `stubApi: the answer stubbed for ${found.name} (${found.method} ${found.path}, called as ${call}) ` +
    `is not what the server could send:\n${z.prettifyError(parsed.error)}`;
  problems.push(problem);
  throw new Error(problem);
}

/**
 * Stubs fetch with answers by endpoint name. A call no answer covers gets a 10024 business error
 * naming it ("no stub for GET /path"), so a missing stub is visible. `calls()` lists what was
 * asked as "METHOD /path?query".
 */
export function stubApi(answers: ApiAnswers) {
  const table = (Object.keys(answers) as EndpointName[])
    .map(route)
    .sort((a, b) => b.weight - a.weight);
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const call = `${method} ${url.pathname}`;
    let found: Route | undefined;
    let values: string[] = [];
    for (const r of table) {
      const match = r.method === method ? r.pattern.exec(url.pathname) : null;
      if (match) {
        found = r;
        values = match.slice(1);
        break;
      }
    }
    if (!found) return errorResponse(unstubbed({ url, init }));
    const params = Object.fromEntries(
      found.paramNames.map((name, i) => [name, decodeURIComponent(values[i] ?? '')]),
    );
    const answer = answers[found.name] as StubAnswer<EndpointName>;
    const result = await answer({
      params: params as never,
      query: url.searchParams,
      body: parseBody(init?.body) as never,
      headers: new Headers(init?.headers),
      init,
      url,
    });
    if (result instanceof Response) {
      await check(found, call, await envelopeData(result));
      return result;
    }
    if (isApiError(result)) return errorResponse(result);
    // What the server's serializer sends: the parsed data (unknown keys dropped).
    return envelopeResponse({
      code: 0,
      msg: 'ok',
      data: await check(found, call, { data: result }),
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  const calls = () =>
    fetchMock.mock.calls.map(([input, init]) => {
      const url = new URL(String(input), 'http://localhost');
      return `${init?.method ?? 'GET'} ${url.pathname}${url.search}`;
    });
  return { fetchMock, calls };
}
