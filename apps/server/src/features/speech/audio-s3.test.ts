import { endpoints } from '@picbook/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, newPhone, phoneLogin } from '../../../test/auth-helpers';
import { expectOk } from '../../../test/envelope';
import { multipart } from '../../../test/multipart';
import { settableJudge, toneWav } from '../../../test/speech-kit';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createS3Storage } from '../../platform/storage';
import { S3RVER_KEYS, startTestS3, type TestS3 } from '../../platform/storage/s3.test-kit';
import { importSampleBooks } from '../library/library.test-kit';

/**
 * A child's recording through the real app into an S3-compatible bucket (s3rver from npm, in
 * this process), as configured by S3_*: stored by POST /api/v1/audio, served back from the bucket
 * with ranges, and readable by any other process that has the same settings.
 */
const TRIAL = 1101;
const { judge } = settableJudge(80);

let s3rver: TestS3;
let t: TestApp;
let token: string;
const bucket = { kind: 's3' as const, bucket: 'picbook-uploads', region: 'us-east-1' };
beforeAll(async () => {
  s3rver = await startTestS3(bucket.bucket);
  t = await createTestApp({
    services: { speechJudge: judge },
    configOverrides: {
      storage: { ...bucket, ...S3RVER_KEYS, endpoint: s3rver.endpoint, forcePathStyle: true },
    },
  });
  await importSampleBooks(t.database.db, [TRIAL]);
  token = (await phoneLogin(t, newPhone())).access_token;
});
afterAll(async () => {
  await t?.close();
  await s3rver?.close();
});

describe('recordings in an S3 bucket', () => {
  it('stores an upload in the bucket and serves it back, whole and in ranges', async () => {
    const wav = toneWav(1.2);
    const body = multipart(
      {
        uuid: `s3-${Date.now()}`,
        book_id: TRIAL,
        secondary_id: 2,
        content_id: 'p2s1',
        type: 1,
        duration: 1.2,
      },
      wav,
      'take.wav',
      'audio',
    );
    const data = expectOk(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/audio',
        headers: { ...auth(token), 'content-type': body.contentType },
        payload: body.payload,
      }),
      endpoints.audio,
    );
    const key = /\/uploads\/([^?]+)/.exec(data.audio_url)?.[1] ?? '';
    expect(key).toMatch(/^rec\/[0-9a-f]{32}\.wav$/);

    // Another process with the same settings (a client of its own) finds the same bytes.
    const elsewhere = createS3Storage({
      ...bucket,
      ...S3RVER_KEYS,
      endpoint: s3rver.endpoint,
      forcePathStyle: true,
    });
    const stored = await elsewhere.get(key);
    expect(stored).toMatchObject({ contentType: 'audio/wav', size: wav.length });

    const whole = await t.app.inject({ url: data.audio_url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(whole.rawPayload).toEqual(stored?.body);

    const part = await t.app.inject({ url: data.audio_url, headers: { range: 'bytes=0-11' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-11/${wav.length}`);
    expect(part.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(part.rawPayload.subarray(8, 12).toString('latin1')).toBe('WAVE');
  });
});
