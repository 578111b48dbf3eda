import fs from 'node:fs';
import path from 'node:path';
import { endpoints } from '@picbook/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, newPhone, phoneLogin } from '../../../test/auth-helpers';
import { expectOk } from '../../../test/envelope';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * The real platform judge behind POST /api/v1/speech: the worker pool of @picbook/speech scoring
 * a Festival-synthesised "I see a red kite." (packages/speech/test-fixtures).
 */
const fixture = path.resolve(
  import.meta.dirname,
  '../../../../../packages/speech/test-fixtures/score-kite.wav',
);

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await phoneLogin(t, newPhone())).access_token;
});
afterAll(() => t.close());

async function score(wav: Buffer, refText: string) {
  const form = new FormData();
  form.set('session_id', `engine-${Date.now()}-${Math.random().toString(16).slice(2)}`);
  form.set('seq', '0');
  form.set('is_ended', '1');
  form.set('ref_text', refText);
  form.set('audio_bin', new Blob([new Uint8Array(wav)]), 'kite.wav');
  const request = new Request('http://x/api/v1/speech', { method: 'POST', body: form });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/speech',
    headers: { ...auth(token), 'content-type': request.headers.get('content-type') ?? '' },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return expectOk(res, endpoints.speech);
}

describe('speech scoring with the real engine', () => {
  it('the right sentence scores high, a different one low, silence reports no voice', async () => {
    const wav = fs.readFileSync(fixture);
    const right = await score(wav, 'I see a red kite.');
    expect(right.result?.verdict).toBe('ok');
    expect(right.result?.score).toBeGreaterThanOrEqual(70);
    expect(right.result?.words.map((w) => w.word)).toEqual(['I', 'see', 'a', 'red', 'kite.']);
    expect(right.result?.words.every((w) => w.end > w.start)).toBe(true);

    const wrong = await score(wav, 'The cat is on the mat.');
    expect(wrong.result?.score ?? 100).toBeLessThan(40);

    const silence = Buffer.from(wav);
    silence.fill(0, 44);
    const quiet = await score(silence, 'I see a red kite.');
    expect(quiet.result?.verdict).toBe('no_voice');
    expect(quiet.result?.score).toBeLessThan(10);
  }, 60_000);
});
