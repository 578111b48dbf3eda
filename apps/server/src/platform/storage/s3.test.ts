import { createHash } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createObjectStorage } from './index';
import { newObjectKey } from './keys';
import { createS3Storage, type S3StorageOptions } from './s3';
import {
  loopbackRequests,
  S3RVER_KEYS,
  type SentRequest,
  startTestS3,
  type TestS3,
} from './s3.test-kit';
import { ObjectStorageError } from './types';

const credentials = { bucket: 'picbook-test', region: 'cn-north-1', ...S3RVER_KEYS };

let s3rver: TestS3;
beforeAll(async () => {
  s3rver = await startTestS3(credentials.bucket);
});
afterAll(() => s3rver.close());

let sent: SentRequest[] = [];
beforeEach(() => {
  sent = [];
});

function storage(overrides: Partial<S3StorageOptions> = {}) {
  return createS3Storage({
    ...credentials,
    endpoint: s3rver.endpoint,
    forcePathStyle: true,
    requestHandler: loopbackRequests(sent),
    ...overrides,
  });
}

const virtualHosted = () =>
  storage({ endpoint: `http://s3.picbook.test:${s3rver.port}`, forcePathStyle: false });

const wav = Buffer.from('RIFF\x24\x00\x00\x00WAVEfake', 'latin1');

describe('S3 adapter (AWS SDK) against s3rver', () => {
  it.each([
    ['path-style', () => storage()],
    ['virtual-hosted, bucket in the host name', virtualHosted],
  ])('%s: put, head, get, range, delete', async (_name, make) => {
    const s3 = make();
    expect(s3.kind).toBe('s3');
    const key = newObjectKey('rec', 'wav');
    await s3.put(key, wav, 'audio/wav');
    // Another client (path-style, fresh connection) sees the same object.
    expect(await storage().get(key)).toEqual({
      body: wav,
      contentType: 'audio/wav',
      size: wav.length,
    });

    expect(await s3.head(key)).toEqual({ size: wav.length, contentType: 'audio/wav' });
    expect(await s3.exists(key)).toBe(true);
    expect(await s3.get(key)).toEqual({ body: wav, contentType: 'audio/wav', size: wav.length });
    expect(await s3.get(key, { start: 8, end: 11 })).toEqual({
      body: Buffer.from('WAVE'),
      contentType: 'audio/wav',
      size: wav.length,
    });

    await s3.delete(key);
    await s3.delete(key); // idempotent
    expect(await s3.get(key)).toBeNull();
    expect(await s3.head(key)).toBeNull();
    expect(await s3.exists(key)).toBe(false);
  });

  it('is what the S3_* settings choose', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      S3_ENDPOINT: s3rver.endpoint,
      S3_BUCKET: credentials.bucket,
      S3_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey,
    });
    const fromSettings = createObjectStorage(config.storage);
    expect(fromSettings.kind).toBe('s3');
    const key = newObjectKey('rec', 'wav');
    await fromSettings.put(key, wav, 'audio/wav');
    expect(await storage().head(key)).toEqual({ size: wav.length, contentType: 'audio/wav' });
  });

  it('signs the real payload hash (never UNSIGNED-PAYLOAD) and the content type', async () => {
    const key = newObjectKey('rec', 'wav');
    await storage().put(key, wav, 'audio/wav');
    const [put] = sent;
    const bodyHash = createHash('sha256').update(wav).digest('hex');
    expect(put?.method).toBe('PUT');
    expect(put?.path).toBe(`/picbook-test/${key}`);
    expect(put?.headers['x-amz-content-sha256']).toBe(bodyHash);
    expect(put?.bodySha256).toBe(bodyHash);
    expect(put?.headers.authorization).toMatch(/SignedHeaders=[^,]*content-type;host;/);
    expect(put?.headers.authorization).toContain('x-amz-content-sha256;x-amz-date');
    expect(put?.headers.authorization).toContain('/cn-north-1/s3/aws4_request');
  });

  it('puts the bucket in the host name for virtual-hosted URLs', async () => {
    await virtualHosted().put('rec/abc.wav', wav, 'audio/wav');
    expect(sent[0]).toMatchObject({
      hostname: 'picbook-test.s3.picbook.test',
      path: '/rec/abc.wav',
    });
    expect(await storage().exists('rec/abc.wav')).toBe(true);
  });

  it('throws with the S3 error code for refused credentials and a missing bucket', async () => {
    // s3rver knows one access key and refuses others; it does not recompute SigV4 signatures
    // (the signing is the SDK's; the payload hash it signs is checked above).
    const unknownKey = storage({ accessKeyId: 'AKIDNOTKNOWN' });
    await expect(unknownKey.put('rec/a.wav', wav, 'audio/wav')).rejects.toMatchObject({
      name: 'ObjectStorageError',
      code: 'InvalidAccessKeyId',
      status: 403,
    });
    await expect(storage().exists('rec/a.wav')).resolves.toBe(false);
    await expect(unknownKey.get('rec/a.wav')).rejects.toBeInstanceOf(ObjectStorageError);
    // HEAD answers carry no body, so only the status is known.
    await expect(unknownKey.head('rec/a.wav')).rejects.toMatchObject({ status: 403 });

    const otherBucket = storage({ bucket: 'no-such-bucket' });
    await expect(otherBucket.get('rec/a.wav')).rejects.toMatchObject({
      code: 'NoSuchBucket',
      status: 404,
    });
    await expect(otherBucket.delete('rec/a.wav')).rejects.toMatchObject({ code: 'NoSuchBucket' });
  });

  it('tries twice when the store cannot be reached, then gives up', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port: closedPort } = closed.address() as { port: number };
    await new Promise((resolve) => closed.close(resolve));

    const s3 = storage({ endpoint: `http://127.0.0.1:${closedPort}` });
    await expect(s3.get('rec/a.wav')).rejects.toMatchObject({
      name: 'ObjectStorageError',
      code: 'NetworkError',
    });
    expect(sent.map((request) => request.method)).toEqual(['GET', 'GET']);
  });

  it('refuses bad keys and mismatched content types without sending anything', async () => {
    const s3 = storage();
    for (const key of ['../etc/passwd', 'rec/A.wav', 'rec/a.wav.html', '/rec/a.wav', 'rec/a']) {
      await expect(s3.get(key)).rejects.toThrow('Invalid object key');
      await expect(s3.delete(key)).rejects.toThrow('Invalid object key');
    }
    await expect(s3.put('rec/a.wav', wav, 'text/html')).rejects.toThrow('does not match');
    expect(sent).toHaveLength(0);
  });
});

describe('request URLs', () => {
  // Every host resolves to loopback here, where nothing answers on these ports: only the
  // addresses the SDK built are looked at.
  it.each([
    [
      { endpoint: 'https://s3.eu-central-1.amazonaws.com', forcePathStyle: false },
      'picbook.s3.eu-central-1.amazonaws.com',
      '/rec/a.wav',
    ],
    [{ endpoint: 'http://minio:1', forcePathStyle: true }, 'minio', '/picbook/rec/a.wav'],
    [
      { endpoint: 'http://gateway.example.com:1/storage/', forcePathStyle: true },
      'gateway.example.com',
      '/storage/picbook/rec/a.wav',
    ],
  ])('%j → %s %s', async (options, hostname, path) => {
    const requests: SentRequest[] = [];
    const s3 = createS3Storage({
      ...credentials,
      bucket: 'picbook',
      ...options,
      requestHandler: loopbackRequests(requests),
    });
    await expect(s3.exists('rec/a.wav')).rejects.toMatchObject({ code: 'NetworkError' });
    expect(requests[0]).toMatchObject({ method: 'HEAD', hostname, path });
  });
});
