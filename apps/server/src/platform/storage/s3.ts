import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';

import { assertPutAllowed, assertValidKey, contentTypeForKey } from './keys';
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
  /** Budget per attempt (connecting, and then the socket idle while the answer comes). */
  timeoutMs?: number;
  /** Injected so tests can watch the signed requests or resolve a virtual host to loopback. */
  requestHandler?: S3ClientConfig['requestHandler'];
}

type Sdk = typeof import('@aws-sdk/client-s3');

const DEFAULT_TIMEOUT_MS = 30_000;
/** One more try after a network failure or a 5xx: every call here is idempotent. */
const ATTEMPTS = 2;

/**
 * PutObject, GetObject (with Range), HeadObject and DeleteObject through the AWS SDK's S3 client
 * (decision 073; the hand-written SigV4 signer of decision 020 is gone).
 */
export function createS3Storage(options: S3StorageOptions): ObjectStorage {
  const bucket = options.bucket;
  // Loaded on first use: a server on the local folder (the default) never loads the SDK.
  let sdk: Promise<{ client: S3Client; s3: Sdk }> | undefined;
  const load = () => {
    sdk ??= Promise.all([import('@aws-sdk/client-s3'), import('@smithy/node-http-handler')]).then(
      ([s3, { NodeHttpHandler }]) => {
        const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
        const client = new s3.S3Client({
          endpoint: options.endpoint,
          region: options.region,
          credentials: {
            accessKeyId: options.accessKeyId,
            secretAccessKey: options.secretAccessKey,
          },
          forcePathStyle: options.forcePathStyle,
          maxAttempts: ATTEMPTS,
          // CRC checksums only where S3 demands them: MinIO, OSS and other S3-compatible stores
          // do not all know the newer x-amz-checksum-* headers. The body's SHA-256 is signed.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
          requestHandler:
            options.requestHandler ??
            new NodeHttpHandler({ connectionTimeout: timeoutMs, requestTimeout: timeoutMs }),
        });
        return { client, s3 };
      },
    );
    return sdk;
  };

  async function head(key: string): Promise<ObjectInfo | null> {
    assertValidKey(key);
    const { client, s3 } = await load();
    try {
      const out = await client.send(new s3.HeadObjectCommand({ Bucket: bucket, Key: key }));
      return {
        size: out.ContentLength ?? 0,
        contentType: out.ContentType ?? contentTypeForKey(key),
      };
    } catch (error) {
      // HEAD answers carry no body, so a 404 cannot tell a missing bucket from a missing key.
      if (statusOf(error) === 404) return null;
      throw storageError(error, 'HEAD', key);
    }
  }

  return {
    kind: 's3',

    async put(key: string, body: Buffer, contentType: string): Promise<void> {
      assertPutAllowed(key, contentType);
      const { client, s3 } = await load();
      try {
        await client.send(
          new s3.PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: body,
            ContentType: contentType,
          }),
        );
      } catch (error) {
        throw storageError(error, 'PUT', key);
      }
    },

    async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
      assertValidKey(key);
      const { client, s3 } = await load();
      try {
        const out = await client.send(
          new s3.GetObjectCommand({
            Bucket: bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        const body = Buffer.from((await out.Body?.transformToByteArray()) ?? []);
        const total = /\/(\d+)$/.exec(out.ContentRange ?? '')?.[1];
        return {
          body,
          contentType: out.ContentType ?? contentTypeForKey(key),
          size: total !== undefined ? Number(total) : body.length,
        };
      } catch (error) {
        // A missing bucket is a configuration mistake, not a missing object.
        if (statusOf(error) === 404 && codeOf(error) !== 'NoSuchBucket') return null;
        throw storageError(error, 'GET', key);
      }
    },

    head,

    async exists(key: string): Promise<boolean> {
      return (await head(key)) !== null;
    },

    async delete(key: string): Promise<void> {
      assertValidKey(key);
      const { client, s3 } = await load();
      try {
        await client.send(new s3.DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        // S3 itself answers 204 for a missing key; some compatible stores say 404 NoSuchKey.
        if (statusOf(error) === 404 && codeOf(error) !== 'NoSuchBucket') return;
        throw storageError(error, 'DELETE', key);
      }
    },
  };
}

/** What the SDK puts on every error that came back from the store (none on network errors). */
interface ServiceError {
  name: string;
  Code?: unknown;
  $metadata: { httpStatusCode?: number };
}

function serviceError(error: unknown): ServiceError | null {
  const meta = (error as { $metadata?: { httpStatusCode?: unknown } } | null)?.$metadata;
  return typeof meta?.httpStatusCode === 'number' ? (error as ServiceError) : null;
}

function statusOf(error: unknown): number | undefined {
  return serviceError(error)?.$metadata.httpStatusCode;
}

/** The S3 error code (`NoSuchBucket`, `SignatureDoesNotMatch` …), `HTTP<status>` for body-less answers. */
function codeOf(error: unknown): string {
  const known = serviceError(error);
  if (!known) return 'NetworkError';
  // Without an XML body the SDK names the error after the status (NotFound, Forbidden, Unknown).
  if (typeof known.Code === 'string' && known.Code) return known.Code;
  return known.name && known.name !== 'Unknown' ? known.name : `HTTP${statusOf(error)}`;
}
function storageError(error: unknown, method: string, key: string): ObjectStorageError {
  const code = codeOf(error);
  const status = statusOf(error);
  const message = error instanceof Error ? error.message : String(error);
  return new ObjectStorageError(
    `S3 ${method} ${key}: ${code} (${message})${status ? ` [HTTP ${status}]` : ''}`,
    code,
    status,
  );
}
