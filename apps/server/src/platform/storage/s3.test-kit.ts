import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { LookupFunction } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import S3rver from 's3rver';
import type { S3StorageOptions } from './s3';

/** s3rver's one account (it refuses any other access key). */
export const S3RVER_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface TestS3 {
  /** Path-style endpoint on loopback. */
  endpoint: string;
  port: number;
  close(): Promise<void>;
}

/**
 * s3rver (an S3-compatible server from npm) in this process on a random loopback port, with
 * `bucket` created and its files in a temporary folder that `close` removes. Host names
 * `<bucket>.s3.picbook.test` name the bucket (virtual-hosted requests; see `loopbackRequests`).
 */
export async function startTestS3(bucket: string): Promise<TestS3> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'picbook-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    serviceEndpoint: 'picbook.test',
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    async close() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One request as the SDK signed it, before it left. */
export interface SentRequest {
  method: string;
  hostname: string;
  path: string;
  headers: Record<string, string>;
  bodySha256: string | null;
}

/** Every host name to loopback, so virtual-hosted URLs reach the test server too. */
const toLoopback: LookupFunction = (_host, options, callback) => {
  if ((options as { all?: boolean }).all) {
    (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
      { address: '127.0.0.1', family: 4 },
    ]);
  } else callback(null, '127.0.0.1', 4);
};

type HttpRequest = Parameters<NodeHttpHandler['handle']>[0];

/**
 * The SDK's own Node handler with every host on loopback, appending each signed request to
 * `sent`: for `S3StorageOptions.requestHandler`.
 */
export function loopbackRequests(sent: SentRequest[]): S3StorageOptions['requestHandler'] {
  const inner = new NodeHttpHandler({ httpAgent: new http.Agent({ lookup: toLoopback }) });
  const handler = {
    handle(request: HttpRequest, handlerOptions?: { abortSignal?: AbortSignal }) {
      const body: unknown = request.body;
      sent.push({
        method: request.method,
        hostname: request.hostname,
        path: request.path,
        headers: { ...request.headers },
        bodySha256:
          body instanceof Uint8Array ? createHash('sha256').update(body).digest('hex') : null,
      });
      return inner.handle(request, handlerOptions);
    },
    updateHttpClientConfig: inner.updateHttpClientConfig.bind(inner),
    httpHandlerConfigs: inner.httpHandlerConfigs.bind(inner),
    destroy: inner.destroy.bind(inner),
  };
  return handler as unknown as S3StorageOptions['requestHandler'];
}
