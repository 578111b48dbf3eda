import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small S3 for tests (not a test file itself): PutObject, GetObject (single Range),
 * HeadObject and DeleteObject on one bucket, kept in memory. Every request must carry a SigV4
 * header signature over the real payload hash; the server checks it with its own parsing and
 * its own canonicalisation (written apart from sigv4.ts on purpose, so the two can disagree).
 */
export interface FakeS3Options {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface FakeS3Request {
  method: string;
  url: string;
  host: string;
  headers: http.IncomingHttpHeaders;
  bodySha256: string;
}

export interface FakeS3 {
  port: number;
  endpoint: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  requests: FakeS3Request[];
  /** Answer the next n requests with 503 SlowDown. */
  failNext(n: number): void;
  close(): Promise<void>;
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) =>
  createHmac('sha256', key).update(data).digest();

/** RFC 3986 unreserved characters stay, everything else %XX. */
function encode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function xmlError(res: http.ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  );
}

/** Why the request's signature is not acceptable, or null when it is. */
function checkSignature(
  options: FakeS3Options,
  req: http.IncomingMessage,
  body: Buffer,
): { code: string; message: string } | null {
  const auth = req.headers.authorization ?? '';
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!match) return { code: 'AuthorizationHeaderMalformed', message: 'bad Authorization' };
  const [, accessKeyId, date, region, signedHeaderList, signature] = match as unknown as string[];
  if (accessKeyId !== options.accessKeyId)
    return { code: 'InvalidAccessKeyId', message: 'unknown key' };
  if (region !== options.region) return { code: 'AuthorizationHeaderMalformed', message: 'region' };
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(date as string)) return { code: 'AccessDenied', message: 'date' };
  const contentSha = String(req.headers['x-amz-content-sha256'] ?? '');
  if (contentSha !== sha256(body)) {
    // Real S3 would take UNSIGNED-PAYLOAD; this store insists on a signed body.
    return { code: 'XAmzContentSHA256Mismatch', message: 'payload hash' };
  }
  const signed = (signedHeaderList as string).split(';');
  for (const required of ['host', 'x-amz-content-sha256', 'x-amz-date']) {
    if (!signed.includes(required))
      return { code: 'AccessDenied', message: `${required} unsigned` };
  }
  const [rawPath = '/', rawQuery = ''] = (req.url ?? '/').split('?');
  const canonicalPath = rawPath
    .split('/')
    .map((segment) => encode(decodeURIComponent(segment)))
    .join('/');
  const query = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [name = '', value = ''] = pair.split('=');
      return `${encode(decodeURIComponent(name))}=${encode(decodeURIComponent(value))}`;
    })
    .sort()
    .join('&');
  const headerLines = signed
    .map((name) => {
      const value = req.headers[name];
      return `${name}:${String(Array.isArray(value) ? value.join(',') : (value ?? ''))
        .trim()
        .replace(/ +/g, ' ')}\n`;
    })
    .join('');
  const canonical = [
    req.method,
    canonicalPath,
    query,
    headerLines,
    signedHeaderList,
    contentSha,
  ].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = `AWS4-HMAC-SHA256\n${amzDate}\n${scope}\n${sha256(canonical)}`;
  const key = hmac(
    hmac(hmac(hmac(`AWS4${options.secretAccessKey}`, date as string), region as string), 's3'),
    'aws4_request',
  );
  const expected = createHmac('sha256', key).update(toSign).digest();
  const given = Buffer.from(signature as string, 'hex');
  if (!timingSafeEqual(expected, given)) {
    return { code: 'SignatureDoesNotMatch', message: 'signature does not match' };
  }
  return null;
}

export async function startFakeS3(options: FakeS3Options): Promise<FakeS3> {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: FakeS3Request[] = [];
  let failures = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const host = req.headers.host ?? '';
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        host,
        headers: req.headers,
        bodySha256: sha256(body),
      });
      if (failures > 0) {
        failures--;
        return xmlError(res, 503, 'SlowDown', 'Please reduce your request rate.');
      }
      const problem = checkSignature(options, req, body);
      if (problem) return xmlError(res, 403, problem.code, problem.message);

      // Virtual-hosted (bucket.host/key) or path-style (host/bucket/key).
      const path = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/').slice(1);
      const virtual = host.startsWith(`${options.bucket}.`);
      const [bucket, key] = virtual
        ? [options.bucket, path]
        : [path.slice(0, path.indexOf('/')), path.slice(path.indexOf('/') + 1)];
      if (bucket !== options.bucket) {
        return xmlError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
      }
      const stored = objects.get(key);
      switch (req.method) {
        case 'PUT':
          objects.set(key, {
            body,
            contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'),
          });
          res.writeHead(200, { etag: `"${sha256(body).slice(0, 32)}"` });
          return res.end();
        case 'DELETE':
          objects.delete(key);
          res.writeHead(204);
          return res.end();
        case 'HEAD':
          res.writeHead(stored ? 200 : 404, {
            ...(stored
              ? { 'content-type': stored.contentType, 'content-length': stored.body.length }
              : {}),
          });
          return res.end();
        case 'GET': {
          if (!stored) return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
          const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ''));
          if (!range) {
            res.writeHead(200, { 'content-type': stored.contentType });
            return res.end(stored.body);
          }
          const start = Number(range[1]);
          const end = Math.min(Number(range[2]), stored.body.length - 1);
          if (start >= stored.body.length) {
            return xmlError(res, 416, 'InvalidRange', 'The requested range is not satisfiable');
          }
          res.writeHead(206, {
            'content-type': stored.contentType,
            'content-range': `bytes ${start}-${end}/${stored.body.length}`,
          });
          return res.end(stored.body.subarray(start, end + 1));
        }
        default:
          return xmlError(res, 405, 'MethodNotAllowed', 'method');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    failNext(n) {
      failures = n;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * A fetch that sends every request to 127.0.0.1:port but keeps the URL's host name in the Host
 * header (global fetch will not let a caller set Host), so virtual-hosted URLs such as
 * `http://bucket.s3.test:port/key` reach the fake server as they would reach S3.
 */
export function loopbackFetch(port: number): typeof fetch {
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : input);
    const headers = new Headers(init.headers);
    const body = init.body ? Buffer.from(init.body as Uint8Array) : undefined;
    return new Promise<Response>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: init.method ?? 'GET',
          path: `${url.pathname}${url.search}`,
          headers: {
            ...Object.fromEntries(headers),
            host: url.host,
            ...(body ? { 'content-length': body.length } : {}),
          },
          signal: init.signal ?? undefined,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const data = Buffer.concat(chunks);
            const responseHeaders = new Headers();
            for (const [name, value] of Object.entries(res.headers)) {
              if (value !== undefined) responseHeaders.set(name, String(value));
            }
            resolve(
              new Response(data.length > 0 ? data : null, {
                status: res.statusCode ?? 500,
                headers: responseHeaders,
              }),
            );
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }) as typeof fetch;
}
