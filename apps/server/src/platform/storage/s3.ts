import { assertPutAllowed, assertValidKey, contentTypeForKey } from './keys';
import { amzDateOf, sha256Hex, signV4, uriEncode } from './sigv4';
import {
  type ByteRange,
  type ObjectInfo,
  type ObjectStorage,
  ObjectStorageError,
  type StoredObject,
} from './types';

export interface S3StorageOptions {
  /** `https://s3.eu-central-1.amazonaws.com`, `http://minio:9000`, `https://oss-cn-hangzhou.aliyuncs.com` … */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most non-AWS stores). */
  forcePathStyle: boolean;
  /** Injected so tests can reach a fake server under any host name. */
  fetch?: typeof fetch;
  /** Injected so signatures can be fixed in tests. */
  now?: () => Date;
  /** Budget per attempt, covering the body too. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;
/** One more try after a network failure or a 5xx: every call here is idempotent. */
const ATTEMPTS = 2;
const RETRY_DELAY_MS = 200;

/** PutObject, GetObject (with Range), HeadObject and DeleteObject, signed with SigV4. */
export function createS3Storage(options: S3StorageOptions): ObjectStorage {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const objectUrl = objectUrlBuilder(options);

  async function send(
    method: 'GET' | 'PUT' | 'HEAD' | 'DELETE',
    key: string,
    extra: { body?: Buffer; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const url = objectUrl(key);
    let lastError: unknown;
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const amzDate = amzDateOf(now());
      const payloadHash = sha256Hex(extra.body ?? '');
      const headers: Record<string, string> = {
        ...extra.headers,
        host: url.host,
        'x-amz-content-sha256': payloadHash,
        'x-amz-date': amzDate,
      };
      const { authorization } = signV4({
        method,
        path: url.pathname,
        headers,
        payloadHash,
        amzDate,
        region: options.region,
        service: 's3',
        accessKeyId: options.accessKeyId,
        secretAccessKey: options.secretAccessKey,
      });
      // fetch sets Host itself (from the same URL); it only had to be signed.
      const { host: _host, ...sent } = headers;
      try {
        const res = await doFetch(url, {
          method,
          headers: { ...sent, authorization },
          body: extra.body,
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (res.status < 500 || attempt === ATTEMPTS) return res;
        lastError = await errorFrom(res, method, key);
      } catch (error) {
        lastError = new ObjectStorageError(
          `S3 ${method} ${key} failed: ${error instanceof Error ? error.message : String(error)}`,
          'NetworkError',
        );
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    }
    throw lastError;
  }

  async function head(key: string): Promise<ObjectInfo | null> {
    assertValidKey(key);
    const res = await send('HEAD', key);
    if (res.status === 404) return null;
    if (!res.ok) throw await errorFrom(res, 'HEAD', key);
    return {
      size: Number(res.headers.get('content-length') ?? 0),
      contentType: res.headers.get('content-type') ?? contentTypeForKey(key),
    };
  }

  return {
    kind: 's3',

    async put(key: string, body: Buffer, contentType: string): Promise<void> {
      assertPutAllowed(key, contentType);
      const res = await send('PUT', key, { body, headers: { 'content-type': contentType } });
      if (!res.ok) throw await errorFrom(res, 'PUT', key);
      await res.arrayBuffer();
    },

    async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
      assertValidKey(key);
      const headers = range ? { range: `bytes=${range.start}-${range.end}` } : undefined;
      const res = await send('GET', key, headers ? { headers } : {});
      if (res.status === 404) {
        const error = await errorFrom(res, 'GET', key);
        // A missing bucket is a configuration mistake, not a missing object.
        if (error.code === 'NoSuchBucket') throw error;
        return null;
      }
      if (!res.ok) throw await errorFrom(res, 'GET', key);
      const body = Buffer.from(await res.arrayBuffer());
      const total = /\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1];
      return {
        body,
        contentType: res.headers.get('content-type') ?? contentTypeForKey(key),
        size: total !== undefined ? Number(total) : body.length,
      };
    },

    head,

    async exists(key: string): Promise<boolean> {
      return (await head(key)) !== null;
    },

    async delete(key: string): Promise<void> {
      assertValidKey(key);
      const res = await send('DELETE', key);
      if (res.ok) {
        await res.arrayBuffer();
        return;
      }
      const error = await errorFrom(res, 'DELETE', key);
      // S3 itself answers 204 for a missing key; some compatible stores say 404 NoSuchKey.
      if (res.status === 404 && error.code !== 'NoSuchBucket') return;
      throw error;
    },
  };
}

/** Virtual-hosted (`https://bucket.host/key`) or path-style (`https://host/bucket/key`) URLs. */
export function objectUrlBuilder(
  options: Pick<S3StorageOptions, 'endpoint' | 'bucket' | 'forcePathStyle'>,
): (key: string) => URL {
  const endpoint = new URL(options.endpoint);
  const basePath = endpoint.pathname.replace(/\/+$/, '');
  return (key) => {
    const url = new URL(endpoint.origin);
    const encodedKey = uriEncode(key, true);
    if (options.forcePathStyle) {
      url.pathname = `${basePath}/${uriEncode(options.bucket)}/${encodedKey}`;
    } else {
      url.hostname = `${options.bucket}.${endpoint.hostname}`;
      url.pathname = `${basePath}/${encodedKey}`;
    }
    return url;
  };
}

/** S3 answers errors as `<Error><Code>…</Code><Message>…</Message></Error>` (none for HEAD). */
async function errorFrom(res: Response, method: string, key: string): Promise<ObjectStorageError> {
  const text = method === 'HEAD' ? '' : await res.text().catch(() => '');
  const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? `HTTP${res.status}`;
  const message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1];
  return new ObjectStorageError(
    `S3 ${method} ${key}: ${code}${message ? ` (${message})` : ''} [HTTP ${res.status}]`,
    code,
    res.status,
  );
}
