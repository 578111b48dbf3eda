import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 (header form), as in "Authenticating Requests: Using the Authorization
 * Header" of the S3 API reference and the AWS sigv4 test suite. Pure functions: no clock, no I/O.
 */

export const SIGV4_ALGORITHM = 'AWS4-HMAC-SHA256';

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

/**
 * UriEncode() of the S3 docs: every byte except the unreserved A-Z a-z 0-9 - . _ ~ as %XX with
 * upper-case hex; `/` is kept only when encoding an object key path.
 */
export function uriEncode(value: string, keepSlash = false): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(c) || (keepSlash && c === '/')) out += c;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/**
 * The canonical URI of a URL path. S3 encodes the path exactly once (no double encoding, no
 * dot-segment normalisation), so each segment is decoded and encoded again with UriEncode; that
 * also turns what `URL` leaves alone (`$`, `:`, `!`…) into the %XX form S3 signs.
 */
export function canonicalUri(pathname: string): string {
  if (pathname === '') return '/';
  return pathname
    .split('/')
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join('/');
}

/** Parameters sorted by encoded name (then value), each `name=value`, an empty value keeping `=`. */
export function canonicalQuery(params: Iterable<[string, string]>): string {
  return [...params]
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** Lower-case names sorted; values trimmed with inner runs of spaces collapsed to one. */
export function canonicalHeaders(headers: Record<string, string>): {
  block: string;
  signedHeaders: string;
} {
  const entries = Object.entries(headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    block: entries.map(([name, value]) => `${name}:${value}\n`).join(''),
    signedHeaders: entries.map(([name]) => name).join(';'),
  };
}

export interface SignInput {
  method: string;
  /** URL path as sent (percent-encoded or not); canonicalised here. */
  path: string;
  query?: Iterable<[string, string]>;
  /** Every header to sign, including `host` and `x-amz-date`. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body; S3 also wants it in `x-amz-content-sha256`. */
  payloadHash: string;
  /** `YYYYMMDDTHHMMSSZ`; must equal the `x-amz-date` header. */
  amzDate: string;
  region: string;
  service: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface Signed {
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
  signedHeaders: string;
  authorization: string;
}

export function credentialScope(amzDate: string, region: string, service: string): string {
  return `${amzDate.slice(0, 8)}/${region}/${service}/aws4_request`;
}

export function signingKey(
  secretAccessKey: string,
  date: string,
  region: string,
  service: string,
): Buffer {
  const kDate = hmac(`AWS4${secretAccessKey}`, date);
  const kRegion = hmac(kDate, region);
  const kService = hmac(kRegion, service);
  return hmac(kService, 'aws4_request');
}

export function signV4(input: SignInput): Signed {
  const { block, signedHeaders } = canonicalHeaders(input.headers);
  const canonicalRequest = [
    input.method.toUpperCase(),
    canonicalUri(input.path),
    canonicalQuery(input.query ?? []),
    block,
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  const scope = credentialScope(input.amzDate, input.region, input.service);
  const stringToSign = [SIGV4_ALGORITHM, input.amzDate, scope, sha256Hex(canonicalRequest)].join(
    '\n',
  );
  const key = signingKey(
    input.secretAccessKey,
    input.amzDate.slice(0, 8),
    input.region,
    input.service,
  );
  const signature = createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
  return {
    canonicalRequest,
    stringToSign,
    signature,
    signedHeaders,
    authorization: `${SIGV4_ALGORITHM} Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

/** `20150830T123600Z` from a Date. */
export function amzDateOf(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}
