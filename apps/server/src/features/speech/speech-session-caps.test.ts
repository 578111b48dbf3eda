import { endpoints, SPEECH_MAX_CHUNK_BYTES, SPEECH_SAMPLE_RATE } from '@picbook/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auth, newDevice } from '../../../test/auth-helpers';
import { expectError, expectOk } from '../../../test/envelope';
import { multipart } from '../../../test/multipart';
import { settableJudge } from '../../../test/speech-kit';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { speechChunks, speechSessions } from '../../platform/db/schema';
import {
  SPEECH_BUSY_RETRY_AFTER_S,
  SPEECH_IDLE_MS,
  SPEECH_SESSIONS_PER_DEVICE,
  SPEECH_SESSIONS_PER_USER,
} from './open-speech-session';

/**
 * Recordings under way are capped per user and per device, and the audio all of them buffer is
 * bounded (issue 35: one account held 40 sessions of 1.9 MB until they expired). Through the real
 * app and database; on PostgreSQL (TEST_DATABASE_URL) the 20 first chunks at once really race.
 */
const BUFFER_MAX = 1024 * 1024;
const REF = 'I see a red kite.';
const CAP_MSG = '同时进行的录音太多啦，请先读完正在录的句子';

/** One second of quiet 16-bit PCM (32 000 bytes). */
const second = () => Buffer.alloc(SPEECH_SAMPLE_RATE * 2);

let seq = 0;
const newSession = () => `cap-${process.pid}-${++seq}-${Date.now()}`;

/** Families and their recordings on one test app. */
function speechKit(t: TestApp) {
  const send = (
    token: string,
    fields: Record<string, string | number>,
    audio?: Buffer,
    device?: string,
  ) => {
    const body = multipart({ ref_text: REF, ...fields }, audio);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/speech',
      headers: { ...auth(token, device), 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  /** The first chunk (1 s) of a new recording; the raw response. */
  const start = (token: string, id = newSession(), device?: string) =>
    send(token, { session_id: id, seq: 0, is_ended: 0 }, second(), device);
  return {
    send,
    start,
    async guest(): Promise<string> {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/guest_login',
        payload: { device_id: newDevice() },
      });
      return expectOk(res, endpoints.guestLogin).access_token;
    },
    /** Opens `n` recordings, expecting each to be taken; answers their ids. */
    async openMany(token: string, n: number, device?: string): Promise<string[]> {
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const id = newSession();
        expectOk(await start(token, id, device), endpoints.speech);
        ids.push(id);
      }
      return ids;
    },
    /** The final request of a recording whose first second came: one more second, is_ended. */
    finish: (token: string, id: string) =>
      send(token, { session_id: id, seq: 1, is_ended: 1 }, second()),
  };
}

describe('recordings under way per user and per device', () => {
  let t: TestApp;
  let k: ReturnType<typeof speechKit>;
  beforeAll(async () => {
    t = await createTestApp({ services: { speechJudge: settableJudge().judge } });
    k = speechKit(t);
  });
  afterAll(() => t.close());

  it(`a user has at most ${SPEECH_SESSIONS_PER_USER}; finishing one frees its slot`, async () => {
    const token = await k.guest();
    const [first = '', done = '', third = ''] = await k.openMany(token, SPEECH_SESSIONS_PER_USER);
    const refused = expectError(await k.start(token), 429, 10429);
    expect(refused.msg).toBe(CAP_MSG);
    // Those under way go on: more chunks, and the final request scores.
    expectOk(
      await k.send(token, { session_id: first, seq: 1, is_ended: 0 }, Buffer.alloc(640)),
      endpoints.speech,
    );
    const scored = expectOk(await k.finish(token, done), endpoints.speech);
    expect(scored).toMatchObject({ is_ended: true, duration: 2 });
    // Its slot is free: one more opens, then the cap holds again.
    expectOk(await k.start(token), endpoints.speech);
    expectError(await k.start(token), 429, 10429);
    // A refused recording is not half-open: the same id opens once a slot is free.
    const retried = newSession();
    expectError(await k.start(token, retried), 429, 10429);
    expectOk(await k.finish(token, third), endpoints.speech);
    expectOk(await k.start(token, retried), endpoints.speech);
  });

  it('a whole WAV in one request is a recording too, and needs a slot', async () => {
    const token = await k.guest();
    await k.openMany(token, SPEECH_SESSIONS_PER_USER);
    const fields = { session_id: newSession(), seq: 0, is_ended: 1 };
    expectError(await k.send(token, fields, wavOf(second())), 429, 10429);
  });

  it(`a device has at most ${SPEECH_SESSIONS_PER_DEVICE}, whoever is logged in on it`, async () => {
    const device = newDevice();
    const [a, b, c] = [await k.guest(), await k.guest(), await k.guest()];
    await k.openMany(a, 2, device);
    await k.openMany(b, SPEECH_SESSIONS_PER_DEVICE - 2, device);
    const refused = expectError(await k.start(c, newSession(), device), 429, 10429);
    expect(refused.msg).toBe(CAP_MSG);
    // The same account on another device is not held back by this one.
    expectOk(await k.start(c, newSession(), newDevice()), endpoints.speech);
  });

  it('an abandoned recording (no audio for a while) gives its slot to a new one', async () => {
    const token = await k.guest();
    const [oldest = '', ...rest] = await k.openMany(token, SPEECH_SESSIONS_PER_USER);
    t.clock.advance(SPEECH_IDLE_MS - 1000);
    // The others are still being recorded; the oldest was left.
    for (const id of rest) {
      expectOk(
        await k.send(token, { session_id: id, seq: 1, is_ended: 0 }, second()),
        endpoints.speech,
      );
    }
    expectError(await k.start(token), 429, 10429);
    t.clock.advance(1000);
    expectOk(await k.start(token), endpoints.speech);
    // The abandoned one is ended, its audio dropped: a late request hears "expired".
    const late = expectError(await k.finish(token, oldest), 200, 10024);
    expect(late.msg).toBe('录音已过期或不存在，请重新录音');
    expect(
      await t.database.db.select().from(speechChunks).where(eq(speechChunks.sessionId, oldest)),
    ).toEqual([]);
    // Only the idle one went: the others still score.
    for (const id of rest) expectOk(await k.finish(token, id), endpoints.speech);
  });

  it(`20 first chunks of different recordings at once open exactly ${SPEECH_SESSIONS_PER_USER}`, async () => {
    const token = await k.guest();
    const answers = await Promise.all(Array.from({ length: 20 }, () => k.start(token)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(SPEECH_SESSIONS_PER_USER);
    for (const r of answers) if (r.statusCode !== 200) expectError(r, 429, 10429);
    // First chunks of one recording racing each other open it once: one slot, not five.
    const other = await k.guest();
    const id = newSession();
    const same = await Promise.all(Array.from({ length: 5 }, () => k.start(other, id)));
    for (const r of same) expectOk(r, endpoints.speech);
    await k.openMany(other, SPEECH_SESSIONS_PER_USER - 1);
    expectError(await k.start(other), 429, 10429);
  });
});

describe('the audio all recordings buffer', () => {
  let t: TestApp;
  let k: ReturnType<typeof speechKit>;
  beforeAll(async () => {
    t = await createTestApp({
      services: { speechJudge: settableJudge().judge },
      configOverrides: { speechBufferMaxBytes: BUFFER_MAX },
    });
    k = speechKit(t);
  });
  afterAll(() => t.close());

  const chunk = Buffer.alloc(SPEECH_MAX_CHUNK_BYTES);
  const buffered = async () =>
    (await t.database.db.select({ bytes: speechSessions.bufferedBytes }).from(speechSessions))
      .map((r) => r.bytes)
      .reduce((a, b) => a + b, 0);

  it('new recordings wait past three quarters of the bound, chunks past the bound', async () => {
    const [a = '', b = '', c = ''] = [await k.guest(), await k.guest(), await k.guest()];
    const [big = ''] = await k.openMany(a, 1);
    let n = 1;
    const fill = () => k.send(a, { session_id: big, seq: n++, is_ended: 0 }, chunk);
    while ((await buffered()) + SPEECH_MAX_CHUNK_BYTES < BUFFER_MAX * 0.75) {
      expectOk(await fill(), endpoints.speech);
    }
    // Just under three quarters: one more recording opens, then a chunk passes the mark.
    const [small = ''] = await k.openMany(b, 1);
    expectOk(await fill(), endpoints.speech);
    expect(await buffered()).toBeGreaterThanOrEqual(BUFFER_MAX * 0.75);
    const busy = await k.start(c);
    const refused = expectError(busy, 429, 10429);
    expect(refused.msg).toBe('录音的小朋友太多啦，请稍后再试一次');
    expect(refused.data).toMatchObject({ retry_after: SPEECH_BUSY_RETRY_AFTER_S });
    expect(busy.headers['retry-after']).toBe(String(SPEECH_BUSY_RETRY_AFTER_S));
    // Those under way may go on up to the bound itself, never past it.
    let last = await fill();
    while (last.statusCode === 200) last = await fill();
    expectError(last, 429, 10429);
    const held = await buffered();
    expect(held).toBeLessThanOrEqual(BUFFER_MAX);
    expect(held + SPEECH_MAX_CHUNK_BYTES).toBeGreaterThan(BUFFER_MAX);
    // Finished recordings free their audio: new ones are taken again. (The refused chunk was
    // never stored, so the recording has n - 1 chunks.)
    const scored = expectOk(
      await k.send(a, { session_id: big, seq: n - 1, is_ended: 1 }),
      endpoints.speech,
    );
    expect(scored.duration).toBe(Math.round(((held - second().length) / 32_000) * 1000) / 1000);
    expectOk(await k.finish(b, small), endpoints.speech);
    expect(await buffered()).toBe(0);
    expectOk(await k.start(c), endpoints.speech);
  });

  it('an expired recording lets go of its audio at the next sweep', async () => {
    const [a = '', b = ''] = [await k.guest(), await k.guest()];
    const [id = ''] = await k.openMany(a, 1);
    let n = 1;
    while ((await buffered()) < BUFFER_MAX * 0.75) {
      expectOk(await k.send(a, { session_id: id, seq: n++, is_ended: 0 }, chunk), endpoints.speech);
    }
    expectError(await k.start(b), 429, 10429);
    t.clock.advance(11 * 60_000);
    // A speech request starts the sweep (at most once a minute); it runs beside the answer.
    await k.start(b);
    await vi.waitFor(async () => {
      const rows = await t.database.db
        .select()
        .from(speechChunks)
        .where(eq(speechChunks.sessionId, id));
      expect(rows).toEqual([]);
    });
    expect(await buffered()).toBeLessThan(BUFFER_MAX * 0.75);
    expectOk(await k.start(b), endpoints.speech);
  });
});

/** A 16 kHz mono 16-bit WAV of this PCM. */
function wavOf(pcm: Buffer): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(SPEECH_SAMPLE_RATE, 24);
  header.writeUInt32LE(SPEECH_SAMPLE_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}
