import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeS3, loopbackFetch, startFakeS3 } from './fake-s3-server';
import { newObjectKey } from './keys';
import { createS3Storage, objectUrlBuilder, type S3StorageOptions } from './s3';
import { ObjectStorageError } from './types';

const credentials = {
  bucket: 'picbook-test',
  region: 'cn-north-1',
  accessKeyId: 'AKIDPICBOOKTEST',
  secretAccessKey: 'picbook/secret+key',
};

let fake: FakeS3;
beforeAll(async () => {
  fake = await startFakeS3(credentials);
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.objects.clear();
  fake.requests.length = 0;
  fake.failNext(0);
});

function storage(overrides: Partial<S3StorageOptions> = {}) {
  return createS3Storage({
    ...credentials,
    endpoint: fake.endpoint,
    forcePathStyle: true,
    ...overrides,
  });
}

const wav = Buffer.from('RIFF\x24\x00\x00\x00WAVEfake', 'latin1');

describe('S3 adapter against a signature-checking fake S3', () => {
  it.each([
    ['path-style, global fetch', () => storage()],
    [
      'virtual-hosted, bucket in the host name',
      () =>
        storage({
          endpoint: `http://s3.picbook.test:${fake.port}`,
          forcePathStyle: false,
          fetch: loopbackFetch(fake.port),
        }),
    ],
  ])('%s: put, head, get, range, delete', async (_name, make) => {
    const s3 = make();
    expect(s3.kind).toBe('s3');
    const key = newObjectKey('rec', 'wav');
    await s3.put(key, wav, 'audio/wav');
    expect(fake.objects.get(key)).toEqual({ body: wav, contentType: 'audio/wav' });

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

  it('signs the real payload hash (never UNSIGNED-PAYLOAD) and the content type', async () => {
    const key = newObjectKey('rec', 'wav');
    await storage().put(key, wav, 'audio/wav');
    const [put] = fake.requests;
    const bodyHash = createHash('sha256').update(wav).digest('hex');
    expect(put?.method).toBe('PUT');
    expect(put?.url).toBe(`/picbook-test/${key}`);
    expect(put?.headers['x-amz-content-sha256']).toBe(bodyHash);
    expect(put?.bodySha256).toBe(bodyHash);
    expect(put?.headers.authorization).toContain(
      'SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date',
    );
    expect(put?.headers.authorization).toContain('/cn-north-1/s3/aws4_request');
  });

  it('puts the bucket in the host name for virtual-hosted URLs', async () => {
    const s3 = storage({
      endpoint: `http://s3.picbook.test:${fake.port}`,
      forcePathStyle: false,
      fetch: loopbackFetch(fake.port),
    });
    await s3.put('rec/abc.wav', wav, 'audio/wav');
    expect(fake.requests[0]).toMatchObject({
      host: `picbook-test.s3.picbook.test:${fake.port}`,
      url: '/rec/abc.wav',
    });
  });

  it('throws with the S3 error code for refused credentials and a missing bucket', async () => {
    const wrongSecret = storage({ secretAccessKey: 'not-the-secret' });
    await expect(wrongSecret.put('rec/a.wav', wav, 'audio/wav')).rejects.toMatchObject({
      name: 'ObjectStorageError',
      code: 'SignatureDoesNotMatch',
      status: 403,
    });
    await expect(wrongSecret.get('rec/a.wav')).rejects.toBeInstanceOf(ObjectStorageError);
    // HEAD answers carry no body, so only the status is known.
    await expect(wrongSecret.head('rec/a.wav')).rejects.toMatchObject({ code: 'HTTP403' });

    const otherBucket = storage({ bucket: 'no-such-bucket' });
    await expect(otherBucket.get('rec/a.wav')).rejects.toMatchObject({ code: 'NoSuchBucket' });
  });

  it('retries once after a 5xx, then gives up with the code', async () => {
    fake.failNext(1);
    await storage().put('rec/a.wav', wav, 'audio/wav');
    expect(fake.objects.has('rec/a.wav')).toBe(true);

    fake.failNext(2);
    await expect(storage().get('rec/a.wav')).rejects.toMatchObject({
      code: 'SlowDown',
      status: 503,
    });
  });

  it('refuses bad keys and mismatched content types without sending anything', async () => {
    const s3 = storage();
    for (const key of ['../etc/passwd', 'rec/A.wav', 'rec/a.wav.html', '/rec/a.wav', 'rec/a']) {
      await expect(s3.get(key)).rejects.toThrow('Invalid object key');
      await expect(s3.delete(key)).rejects.toThrow('Invalid object key');
    }
    await expect(s3.put('rec/a.wav', wav, 'text/html')).rejects.toThrow('does not match');
    expect(fake.requests).toHaveLength(0);
  });
});

describe('objectUrlBuilder', () => {
  it.each([
    [
      { endpoint: 'https://s3.eu-central-1.amazonaws.com', forcePathStyle: false },
      'https://picbook.s3.eu-central-1.amazonaws.com/rec/a.wav',
    ],
    [
      { endpoint: 'http://minio:9000', forcePathStyle: true },
      'http://minio:9000/picbook/rec/a.wav',
    ],
    [
      { endpoint: 'https://gateway.example.com/storage/', forcePathStyle: true },
      'https://gateway.example.com/storage/picbook/rec/a.wav',
    ],
  ])('%j → %s', (options, expected) => {
    expect(objectUrlBuilder({ ...options, bucket: 'picbook' })('rec/a.wav').href).toBe(expected);
  });
});
