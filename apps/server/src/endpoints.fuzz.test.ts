import { type EndpointDef, endpoints, ZErrorEnvelope } from '@picbook/contracts';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../test/auth-helpers';
import {
  asText,
  type FuzzHints,
  HOSTILE_STRINGS,
  inputSchema,
  valueArb,
} from '../test/fuzz-arbitraries';
import { multipart } from '../test/multipart';
import { toneWav } from '../test/speech-kit';
import { BOOK, type Family, startWorksKit, type WorksKit } from './features/works/works.test-kit';

/**
 * The schema-driven fuzz of every endpoint in the contract table (issue 11): requests shaped by
 * each endpoint's own schemas, mixed with hostile values (NUL characters, wrong types, numbers
 * past int4, broken multipart bodies, bad tokens), through the real app and database. No answer
 * may be a 5xx, and every answer is the JSON envelope. Endpoints added to `packages/contracts`
 * later are fuzzed the day they land. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
/** 60 per endpoint in every run (about 3,000 requests); FUZZ_RUNS=1000 for a deep look. */
const RUNS_PER_ENDPOINT = Number(process.env.FUZZ_RUNS) || 60;

type Token = 'none' | 'bad' | 'user' | 'owner';

interface FuzzCase {
  token: Token;
  /** Another spelling of the endpoint's path (issue 35): the router must see one canonical form. */
  spelling: Spelling;
  params: unknown;
  query: unknown;
  body: Body;
  device: string | null;
}

type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType: string; payload: string }
  | {
      kind: 'multipart';
      fields: unknown;
      file: Buffer | null;
      damage: 'none' | 'no-boundary' | 'truncate' | 'not-multipart';
    };

const RAW_BODIES: Array<[string, string]> = [
  ['application/json', '{'],
  ['application/json', '[1,'],
  ['application/json', 'null'],
  ['application/json', '"\\u0000"'],
  ['application/json', '{"a":"\\u0000"}'],
  ['text/plain', 'hello'],
  ['application/x-www-form-urlencoded', 'a=1&b=%00'],
  ['application/octet-stream', '\u0000\u0001'],
];

/** Deep nesting (issue 35: 8,000 nested arrays overflowed a recursive walk into a 500). */
const deepBodyArb = fc.tuple(fc.integer({ min: 33, max: 12_000 }), fc.boolean()).map(
  ([depth, arrays]): Body => ({
    kind: 'raw',
    contentType: 'application/json',
    payload: arrays
      ? `${'['.repeat(depth)}${']'.repeat(depth)}`
      : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  }),
);

const SPELLINGS = {
  none: (path: string) => path,
  doubleSlash: (path: string) => path.replace(/\//g, '//'),
  dotSegment: (path: string) => path.replace(/\//g, '/./'),
  dotDot: (path: string) => path.replace(/^\/([^/]+)\//, '/$1/x/../'),
  encodedSlash: (path: string) => path.replace(/\/(?=[^/]*$)/, '%2F'),
  encodedDot: (path: string) => path.replace(/\//, '/%2e/'),
  doubleEncoded: (path: string) => path.replace(/\//, '/%252e/'),
  upperCase: (path: string) => path.toUpperCase(),
  trailingSlash: (path: string) => `${path}/`,
  backslash: (path: string) => path.replace(/\/(?=[^/]*$)/, '\\'),
  semicolon: (path: string) => `${path};x`,
} satisfies Record<string, (path: string) => string>;
type Spelling = keyof typeof SPELLINGS;
/**
 * Spelt after `/api`, so the answer is still the API's (a path outside it gets the web app).
 * `app.inject` resolves `.` and `..` itself; the raw-socket walks in book-media.test.ts and
 * web.test.ts send those as written.
 */
const spell = (spelling: Spelling, path: string) =>
  path.startsWith('/api/') ? `/api${SPELLINGS[spelling](path.slice(4))}` : path;

let kit: WorksKit;
let owner: Family;
let hints: Omit<FuzzHints, 'hostile'>;
const wav = toneWav(1.1);

beforeAll(async () => {
  kit = await startWorksKit();
  owner = await kit.family('作者', { isPublic: true });
  const work = await kit.record(owner, 88);
  hints = {
    ints: [...Object.values(BOOK), work.workId, owner.userId, 1, 2, 3],
    strings: [
      work.audioUrl,
      work.uuid,
      'p1s1',
      'p1',
      'read',
      '/media/avatars/boy-1.svg',
      '2018-06-01',
      '乐乐',
      'I see a red kite.',
    ],
  };
}, 120_000);
afterAll(() => kit.close());

function bodyArb(e: EndpointDef, h: FuzzHints): fc.Arbitrary<Body> {
  const raw = fc
    .constantFrom(...RAW_BODIES)
    .map(([contentType, payload]): Body => ({ kind: 'raw', contentType, payload }));
  if (e.multipart) {
    const files = fc.oneof(
      { weight: 3, arbitrary: fc.constant(wav) },
      fc.constant(null),
      fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes)),
    );
    const damage = h.hostile
      ? fc.constantFrom<'none' | 'no-boundary' | 'truncate' | 'not-multipart'>(
          'none',
          'none',
          'no-boundary',
          'truncate',
          'not-multipart',
        )
      : fc.constant<'none'>('none');
    const parts = fc
      .record({
        fields: valueArb(inputSchema(e.multipart.fields), h),
        file: files,
        damage,
      })
      .map((p): Body => ({ kind: 'multipart', ...p }));
    return h.hostile
      ? fc.oneof({ weight: 8, arbitrary: parts }, { weight: 1, arbitrary: raw })
      : parts;
  }
  if (e.method === 'GET') return fc.constant({ kind: 'none' });
  const json = (e.body ? valueArb(inputSchema(e.body), h) : fc.constant({})).map(
    (value): Body => ({ kind: 'json', value }),
  );
  return h.hostile
    ? fc.oneof(
        { weight: 8, arbitrary: json },
        { weight: 1, arbitrary: raw },
        { weight: 1, arbitrary: deepBodyArb },
      )
    : json;
}

/** Half the cases stay inside the schemas (reaching the use cases), half are hostile. */
function caseArb(e: EndpointDef): fc.Arbitrary<FuzzCase> {
  return fc.boolean().chain((hostile) => {
    const h = { ...hints, hostile };
    return fc.record({
      spelling: hostile
        ? fc.constantFrom(...(Object.keys(SPELLINGS) as Spelling[]))
        : fc.constant<Spelling>('none'),
      token: hostile
        ? fc.constantFrom<Token>('none', 'bad', 'user', 'user', 'owner')
        : fc.constantFrom<Token>('user', 'user', 'user', 'owner'),
      params: e.params ? valueArb(inputSchema(e.params), h) : fc.constant(undefined),
      query: e.query ? valueArb(inputSchema(e.query), h) : fc.constant(undefined),
      body: bodyArb(e, h),
      device: fc.option(fc.oneof(fc.uuid(), fc.constantFrom(...HOSTILE_STRINGS.slice(0, 12)))),
    });
  });
}

const asObject = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** A lone surrogate cannot be percent-encoded; send the bytes a broken client would. */
function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

function urlOf(e: EndpointDef, c: FuzzCase): string {
  const params = asObject(c.params);
  const path = spell(
    c.spelling,
    e.path.replace(/:(\w+)/g, (_, name: string) => encodeSegment(asText(params[name]))),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(asObject(c.query))) {
    for (const one of Array.isArray(value) ? value : [value]) search.append(key, asText(one));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

function injectOptions(e: EndpointDef, c: FuzzCase, user: Family): InjectOptions {
  const headers: Record<string, string> = {};
  if (c.token === 'bad') headers.access_token = 'not-a-token';
  if (c.token === 'user') Object.assign(headers, auth(user.token));
  if (c.token === 'owner') Object.assign(headers, auth(owner.token));
  if (c.device !== null && /^[\x20-\x7e]*$/.test(c.device)) headers.uuid = c.device;
  const options: InjectOptions = { method: e.method, url: urlOf(e, c), headers };
  const body = c.body;
  if (body.kind === 'json') {
    headers['content-type'] = 'application/json';
    options.payload = JSON.stringify(body.value ?? null);
  } else if (body.kind === 'raw') {
    headers['content-type'] = body.contentType;
    options.payload = body.payload;
  } else if (body.kind === 'multipart' && e.multipart) {
    const fields = Object.fromEntries(
      Object.entries(asObject(body.fields)).map(([k, v]) => [k, asText(v)]),
    );
    const form = multipart(fields, body.file ?? undefined, 'take.wav', e.multipart.file);
    headers['content-type'] =
      body.damage === 'no-boundary'
        ? 'multipart/form-data'
        : body.damage === 'not-multipart'
          ? 'application/json'
          : form.contentType;
    options.payload =
      body.damage === 'truncate'
        ? form.payload.subarray(0, Math.floor(form.payload.length / 2))
        : form.payload;
  }
  return options;
}

/** Why an answer is wrong (a 5xx, or not the JSON envelope), or null when it is fine. */
function problemOf(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `HTTP ${res.statusCode}`;
  if (!String(res.headers['content-type']).startsWith('application/json')) {
    return `content-type ${String(res.headers['content-type'])}`;
  }
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return 'body is not JSON';
  }
  const code = (body as { code?: unknown }).code;
  if (code === 0) return res.statusCode === 200 ? null : `code 0 with HTTP ${res.statusCode}`;
  return ZErrorEnvelope.safeParse(body).success ? null : 'not the error envelope';
}

const describeCase = (options: InjectOptions) =>
  `${options.method} ${options.url} ${JSON.stringify(options.headers)} ${String(
    options.payload ?? '',
  ).slice(0, 400)}`;

describe('fuzz: every endpoint of the contract table', () => {
  it.each(Object.entries(endpoints))(
    '%s never answers 5xx or outside the envelope',
    async (name, e) => {
      // A family of its own per endpoint: logout and account deletion may end it.
      const user = await kit.family('小试');
      const answers: Record<string, number> = {};
      await fc.assert(
        fc.asyncProperty(caseArb(e), async (c) => {
          const options = injectOptions(e, c, user);
          const res = await kit.t.app.inject(options);
          const problem = problemOf(res);
          if (problem) {
            throw new Error(`${problem}: ${describeCase(options)} → ${res.body.slice(0, 300)}`);
          }
          const key = `${res.statusCode}/${(res.json() as { code: number }).code}`;
          answers[key] = (answers[key] ?? 0) + 1;
        }),
        { numRuns: RUNS_PER_ENDPOINT, endOnFailure: true },
      );
      // FUZZ_STATS=1: which answers each endpoint gave (does the fuzz reach its use case?).
      if (process.env.FUZZ_STATS) console.log(`fuzz ${name}: ${JSON.stringify(answers)}`);
    },
    // Password endpoints hash with argon2id (~0.3 s a request on 2 cores).
    120_000,
  );

  it('the check itself fails on a 500 and on a reply outside the envelope', () => {
    const reply = (statusCode: number, contentType: string, body: string) =>
      ({
        statusCode,
        headers: { 'content-type': contentType },
        body,
        json: () => JSON.parse(body),
      }) as unknown as LightMyRequestResponse;
    expect(problemOf(reply(500, 'application/json', '{"code":10000,"msg":"x","data":null}'))).toBe(
      'HTTP 500',
    );
    expect(problemOf(reply(400, 'application/json', '{"error":"Bad Request"}'))).toBe(
      'not the error envelope',
    );
    expect(problemOf(reply(404, 'text/plain', 'nope'))).toContain('content-type');
    expect(problemOf(reply(400, 'application/json', '{"code":10001,"msg":"x","data":null}'))).toBe(
      null,
    );
  });
});
