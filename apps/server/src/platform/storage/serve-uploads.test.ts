import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../deps';
import { registerErrorHandling } from '../http/error-handler';
import { createUrlSigner } from '../media/signed-urls';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import { loopbackRequests, S3RVER_KEYS, type SentRequest, startTestS3 } from './s3.test-kit';
import { parseRange, registerUploads, signedUploadUrl } from './serve-uploads';
import type { ObjectStorage } from './types';

const KEY = 'rec/0123456789abcdef0123456789abcdef.mp3';
const BODY = Buffer.from('0123456789');

describe('parseRange', () => {
  it.each([
    [undefined, { kind: 'whole' }],
    ['bytes=0-1', { kind: 'range', start: 0, end: 1 }],
    ['bytes=2-', { kind: 'range', start: 2, end: 9 }],
    ['bytes=-3', { kind: 'range', start: 7, end: 9 }],
    ['bytes=-30', { kind: 'range', start: 0, end: 9 }],
    ['bytes=5-999', { kind: 'range', start: 5, end: 9 }],
    ['Bytes = 1 - 2', { kind: 'range', start: 1, end: 2 }],
    ['bytes=10-', { kind: 'unsatisfiable' }],
    ['bytes=10-20', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=3-1', { kind: 'whole' }],
    ['bytes=-', { kind: 'whole' }],
    ['bytes=0-1,4-5', { kind: 'whole' }],
    ['items=0-1', { kind: 'whole' }],
    ['bytes=99999999999999999999-', { kind: 'whole' }],
  ])('%j on 10 bytes → %j', (header, expected) => {
    expect(parseRange(header, 10)).toEqual(expected);
  });

  it('finds nothing to send in an empty object', () => {
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-1', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});

let now = new Date('2026-11-21T02:00:00Z');
const clock = { now: () => now };
const signer = createUrlSigner({ key: 'k'.repeat(32), clock });
/** Whether the owner lets others hear their recordings (the consent asked on public fetches). */
let shownToOthers = true;

async function appWith(storage: ObjectStorage): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.decorate('deps', { urlSigner: signer, clock } as unknown as AppDeps);
  registerErrorHandling(app);
  registerUploads(app, storage, { isShownToOthers: async () => shownToOthers });
  await app.ready();
  return app;
}

/** The URL the API hands the owner's family (or, with 'public', anyone else). */
const family = (key = KEY) => signedUploadUrl(signer, key, 'family');

describe('GET /uploads/* from the local folder', () => {
  let dir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'picbook-serve-'));
    const storage = createLocalStorage(dir);
    await storage.put(KEY, BODY, 'audio/mpeg');
    app = await appWith(storage);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves the whole object with the stored type, nosniff and private caching while the URL lives', async () => {
    const res = await app.inject({ method: 'GET', url: family() });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(BODY);
    expect(res.headers).toMatchObject({
      'content-type': 'audio/mpeg',
      'content-length': '10',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline',
      'accept-ranges': 'bytes',
    });
    // Valid 4–5 hours (rounded up to the hour): cached no longer than that.
    const maxAge = Number(
      /^private, max-age=(\d+)$/.exec(String(res.headers['cache-control']))?.[1],
    );
    expect(maxAge).toBeGreaterThanOrEqual(4 * 3600);
    expect(maxAge).toBeLessThanOrEqual(5 * 3600);
  });

  it('serves nothing without a valid signature: the same 404 as a name that does not exist', async () => {
    const signed = family();
    for (const url of [
      `/uploads/${KEY}`,
      signed.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAA'),
      signed.replace(/exp=(\d+)/, (_, exp) => `exp=${Number(exp) + 3600}`),
      signed.replace('aud=family', 'aud=public'),
      signed.replace(KEY, KEY.replace('0123', '3210')),
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ code: 10404, msg: '文件不存在或已删除', data: null });
    }
  });

  it('answers an expired URL with 403 (the app fetches a fresh one)', async () => {
    const url = family();
    const issued = now;
    now = new Date(issued.getTime() + 6 * 3600_000);
    try {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 10403, msg: '链接已过期，请刷新后再试' });
    } finally {
      now = issued;
    }
  });

  it('serves others only while the owner consents, checked on every fetch', async () => {
    const url = signedUploadUrl(signer, KEY, 'public');
    shownToOthers = true;
    const heard = await app.inject({ url });
    expect(heard.statusCode).toBe(200);
    expect(heard.headers['cache-control']).toBe('private, max-age=300');
    shownToOthers = false;
    try {
      expect((await app.inject({ url })).statusCode).toBe(404);
      // The family still hears it.
      expect((await app.inject({ url: family() })).statusCode).toBe(200);
    } finally {
      shownToOthers = true;
    }
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await app.inject({ method: 'HEAD', url: family() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['content-length']).toBe('10');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.rawPayload.length).toBe(0);
  });

  it.each([
    ['bytes=0-1', '01', 'bytes 0-1/10'],
    ['bytes=4-', '456789', 'bytes 4-9/10'],
    ['bytes=-3', '789', 'bytes 7-9/10'],
    ['bytes=8-1000', '89', 'bytes 8-9/10'],
  ])('answers Range %s with 206', async (range, body, contentRange) => {
    const res = await app.inject({ method: 'GET', url: family(), headers: { range } });
    expect(res.statusCode).toBe(206);
    expect(res.body).toBe(body);
    expect(res.headers['content-range']).toBe(contentRange);
    expect(res.headers['content-length']).toBe(String(body.length));
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers an unsatisfiable range with 416 and the size', async () => {
    const res = await app.inject({
      method: 'GET',
      url: family(),
      headers: { range: 'bytes=10-' },
    });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe('bytes */10');
  });

  it.each([['bytes=0-1,5-6'], ['lines=1-2']])(
    'answers %s (several ranges, another unit) with the whole object',
    async (range) => {
      const res = await app.inject({ method: 'GET', url: family(), headers: { range } });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload).toEqual(BODY);
    },
  );

  it('ignores the range when If-Range is sent (we give no validators to match)', async () => {
    const res = await app.inject({
      method: 'GET',
      url: family(),
      headers: { range: 'bytes=0-1', 'if-range': '"abc"' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(BODY);
  });

  it.each([
    '/uploads/rec/ffffffffffffffffffffffffffffffff.mp3',
    '/uploads/rec/0123456789ABCDEF0123456789ABCDEF.mp3',
    `/uploads/${KEY}.html`,
    '/uploads/rec/..%2F..%2Fetc%2Fpasswd',
    '/uploads/.tmp/x.wav',
    '/uploads/',
  ])('answers %s with the 404 envelope', async (path) => {
    const url = signer.sign(path, { audience: 'family' });
    const res = await app.inject({ method: 'GET', url, headers: { range: 'bytes=0-1' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 10404, msg: '文件不存在或已删除', data: null });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /uploads/* from an S3 bucket', () => {
  it('passes ranges through to the bucket', async () => {
    const s3rver = await startTestS3('picbook');
    const sent: SentRequest[] = [];
    const storage = createS3Storage({
      bucket: 'picbook',
      region: 'us-east-1',
      ...S3RVER_KEYS,
      endpoint: s3rver.endpoint,
      forcePathStyle: true,
      requestHandler: loopbackRequests(sent),
    });
    await storage.put(KEY, BODY, 'audio/mpeg');
    const app = await appWith(storage);
    try {
      const res = await app.inject({
        method: 'GET',
        url: family(),
        headers: { range: 'bytes=2-4' },
      });
      expect(res.statusCode).toBe(206);
      expect(res.body).toBe('234');
      expect(res.headers['content-range']).toBe('bytes 2-4/10');
      expect(sent.at(-1)?.headers.range).toBe('bytes=2-4');
      const missing = await app.inject({ method: 'GET', url: family('rec/abc.mp3') });
      expect(missing.statusCode).toBe(404);
    } finally {
      await app.close();
      await s3rver.close();
    }
  });
});
