import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { endpoints, SPEECH_SAMPLE_RATE } from '@picbook/contracts';
import { decodeWithFfmpeg, encodeWav, type ScoreResult } from '@picbook/speech';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, newPhone, phoneLogin } from '../../../test/auth-helpers';
import { expectError, expectOk } from '../../../test/envelope';
import { multipart } from '../../../test/multipart';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { recordings, works } from '../../platform/db/schema';
import { AUDIO_UNSUPPORTED } from '../../platform/media/audio-probe';
import type { SpeechJudge } from '../../platform/speech/judge';
import { importManifests, readManifest } from '../books/import-books';

/**
 * POST /api/v1/audio through the real app, database and local object storage, against two books
 * of the sample library: 1101 The Red Kite (free trial; 5 pages, one sentence each) and 1106
 * Splash! (members only, locked for a new phone user). The judge is a stand-in whose score the
 * test sets; the last block uses the real engine on the book's own narration.
 */
const TRIAL = 1101;
const MEMBERS = 1106;
const contentMedia = path.resolve(import.meta.dirname, '../../../../../content/media');

let nextScore = 80;
const judged: string[] = [];
const fakeJudge: SpeechJudge = {
  async score(_audio, refText) {
    judged.push(refText);
    const words = refText.split(/\s+/).filter(Boolean);
    return {
      score: nextScore,
      accuracy: nextScore,
      fluency: 80,
      completeness: 100,
      words: words.map((word, i) => ({
        word,
        score: 90,
        start: i * 0.3,
        end: i * 0.3 + 0.25,
        status: 'good',
      })),
      verdict: 'ok',
      feedback: '读得很好！',
    } as ScoreResult;
  },
  async close() {},
};

let t: TestApp;
let token: string;
let other: string;
beforeAll(async () => {
  t = await createTestApp({ services: { speechJudge: fakeJudge } });
  const manifests = [TRIAL, MEMBERS].map((id) => {
    const { manifest, problems } = readManifest(
      path.join(contentMedia, 'books', String(id), 'manifest.json'),
      contentMedia,
    );
    if (!manifest) throw new Error(JSON.stringify(problems));
    return manifest;
  });
  await importManifests(t.database.db, manifests);
  token = (await phoneLogin(t, newPhone())).access_token;
  other = (await phoneLogin(t, newPhone())).access_token;
});
afterAll(() => t.close());

/** A 16 kHz 16-bit WAV of a tone, `seconds` long. */
function toneWav(seconds: number): Buffer {
  const samples = Float32Array.from(
    { length: Math.round(seconds * SPEECH_SAMPLE_RATE) },
    (_, i) => 0.25 * Math.sin((2 * Math.PI * 440 * i) / SPEECH_SAMPLE_RATE),
  );
  return Buffer.from(encodeWav(samples, SPEECH_SAMPLE_RATE));
}

let runSeq = 0;
const newRun = () => `run-${process.pid}-${++runSeq}-${Date.now()}`;

function upload(fields: Record<string, string | number>, file?: Buffer, as = token) {
  const body = multipart(fields, file, 'take.wav', 'audio');
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/audio',
    headers: { ...auth(as), 'content-type': body.contentType },
    payload: body.payload,
  });
}

const item = (uuid: string, contentId = 'p2s1', page = 2) => ({
  uuid,
  book_id: TRIAL,
  secondary_id: page,
  content_id: contentId,
  type: 1,
  duration: 1.5,
});

describe('POST /api/v1/audio', () => {
  it('stores a WAV, judges it against the sentence of the book and files it as the work', async () => {
    judged.length = 0;
    nextScore = 77;
    const uuid = newRun();
    const data = expectOk(await upload(item(uuid), toneWav(1.5)), endpoints.audio);
    expect(judged).toEqual(['Dad has a red kite.']);
    expect(data).toMatchObject({ score: 77, best_score: 77, duration: 1.5 });
    expect(data.words.map((w) => w.word)).toEqual(['Dad', 'has', 'a', 'red', 'kite.']);
    const served = await t.app.inject({ url: data.audio_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('audio/wav');
    const [row] = await t.database.db.select().from(works).where(eq(works.id, data.work_id));
    // 1101 has 5 sentences: one of them at 77 → ceil(77 / 5).
    expect(row).toMatchObject({ bookId: TRIAL, type: 1, uuid, itemCount: 1, score: 16 });
  });

  it("keeps each item's best recording: a worse take changes nothing, a better one replaces it", async () => {
    const uuid = newRun();
    nextScore = 70;
    const first = expectOk(await upload(item(uuid), toneWav(1.2)), endpoints.audio);
    nextScore = 50;
    const worse = expectOk(await upload(item(uuid), toneWav(1.2)), endpoints.audio);
    expect(worse).toMatchObject({ score: 50, best_score: 70, work_id: first.work_id });
    nextScore = 95;
    const better = expectOk(await upload(item(uuid), toneWav(1.2)), endpoints.audio);
    expect(better).toMatchObject({ score: 95, best_score: 95, work_id: first.work_id });
    nextScore = 60;
    expectOk(await upload(item(uuid, 'p3s1', 3), toneWav(1.2)), endpoints.audio);
    const [row] = await t.database.db.select().from(works).where(eq(works.id, first.work_id));
    expect(row).toMatchObject({ itemCount: 2, score: Math.ceil((95 + 60) / 5) });
    // Another run is another work.
    const again = expectOk(await upload(item(newRun()), toneWav(1.2)), endpoints.audio);
    expect(again.work_id).not.toBe(first.work_id);
  });

  it("concurrent uploads into one run all count in the work's totals", async () => {
    nextScore = 80;
    const uuid = newRun();
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((page) => upload(item(uuid, `p${page}s1`, page), toneWav(1.1))),
    );
    const ids = new Set(answers.map((r) => expectOk(r, endpoints.audio).work_id));
    expect(ids.size).toBe(1);
    const [row] = await t.database.db
      .select()
      .from(works)
      .where(eq(works.id, [...ids][0] ?? 0));
    expect(row).toMatchObject({ itemCount: 5, score: 80 });
  });

  it("files a speech session's recording by its URL without judging it twice", async () => {
    nextScore = 88;
    const speech = multipart(
      { session_id: `audio-${Date.now()}`, seq: 0, is_ended: 1, ref_text: 'Dad has a red kite.' },
      toneWav(1.3),
      'take.wav',
    );
    const session = expectOk(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/speech',
        headers: { ...auth(token), 'content-type': speech.contentType },
        payload: speech.payload,
      }),
      endpoints.speech,
    );
    judged.length = 0;
    nextScore = 10;
    const filed = expectOk(
      await upload({ ...item(newRun()), audio: session.audio_url ?? '' }),
      endpoints.audio,
    );
    expect(judged).toEqual([]);
    expect(filed).toMatchObject({ score: 88, best_score: 88, audio_url: session.audio_url });

    // Filed for another sentence than it was scored against: judged again against that one.
    nextScore = 12;
    const elsewhere = expectOk(
      await upload({ ...item(newRun(), 'p3s1', 3), audio: session.audio_url ?? '' }),
      endpoints.audio,
    );
    expect(judged).toEqual(['I run with the kite.']);
    expect(elsewhere.score).toBe(12);

    // Nobody else can file it.
    const stolen = await upload(
      { ...item(newRun()), audio: session.audio_url ?? '' },
      undefined,
      other,
    );
    expect(expectError(stolen, 400, 10001).msg).toContain('找不到这段录音');
  });

  it('refuses what is not a recording, too short or too long, by its bytes', async () => {
    const fake = Buffer.concat([Buffer.from('ID3-not-really'), Buffer.alloc(2000, 7)]);
    const html = Buffer.from('<html><body>hello</body></html>');
    for (const bytes of [html, fake.subarray(14)]) {
      const res = await upload(item(newRun()), bytes);
      expect(expectError(res, 400, 10001).msg).toContain(AUDIO_UNSUPPORTED);
    }
    const short = await upload(item(newRun()), toneWav(0.5));
    expect(expectError(short, 400, 10001).msg).toContain('录音有点短');
    const long = await upload(item(newRun()), toneWav(61));
    expect(expectError(long, 413, 10413).msg).toContain('最多 60 秒');
    const huge = await upload(item(newRun()), Buffer.alloc(4 * 1024 * 1024 + 10));
    expectError(huge, 413, 10413);
    expect(expectError(await upload(item(newRun())), 400, 10001).msg).toContain('没有收到录音');
  });

  it('refuses items the book does not have, the wrong mode, and a locked book', async () => {
    const wav = toneWav(1.2);
    const cases: Array<[Record<string, string | number>, string]> = [
      [{ ...item(newRun(), 'p2', 2) }, '跟读录的是一句话'],
      [{ ...item(newRun(), 'p2s1', 2), type: 2 }, '跟读录的是一句话'],
      [{ ...item(newRun(), 'p2s2', 2) }, '没有这一句'],
      [{ ...item(newRun(), 'p6s1', 6) }, '没有这一句'],
      [{ ...item(newRun(), 'p2s1', 3) }, 'secondary_id'],
      [{ ...item(newRun()), content_id: 'page2' }, 'content_id'],
    ];
    for (const [fields, message] of cases) {
      const res = await upload(fields, wav);
      expect(expectError(res, 400, 10001).msg, JSON.stringify(fields)).toContain(message);
    }
    const locked = await upload({ ...item(newRun()), book_id: MEMBERS }, wav);
    expectError(locked, 200, 10400);
    expectError(await upload({ ...item(newRun()), book_id: 999_999 }, wav), 200, 10024);
    const before = await t.database.db.select().from(recordings);
    expect(before.every((r) => r.bytes > 0)).toBe(true);
  });

  it('speak mode files whole pages', async () => {
    nextScore = 66;
    judged.length = 0;
    const data = expectOk(
      await upload({ ...item(newRun(), 'p4', 4), type: 2 }, toneWav(1.5)),
      endpoints.audio,
    );
    expect(judged).toEqual(['Up, up, up it goes!']);
    expect(data.best_score).toBe(66);
  });
});

const hasFfmpeg = (() => {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!hasFfmpeg) console.info('audio.test.ts: real-judge block skipped: ffmpeg is not installed');

describe.skipIf(!hasFfmpeg)('POST /api/v1/audio with the real judge', () => {
  let real: TestApp;
  let realToken: string;
  beforeAll(async () => {
    real = await createTestApp();
    const { manifest } = readManifest(
      path.join(contentMedia, 'books', String(TRIAL), 'manifest.json'),
      contentMedia,
    );
    if (!manifest) throw new Error('manifest');
    await importManifests(real.database.db, [manifest]);
    realToken = (await phoneLogin(real, newPhone())).access_token;
  });
  afterAll(() => real?.close());

  it("scores the book's own narration of a sentence high against it and low against another", async () => {
    const manifest = readManifest(
      path.join(contentMedia, 'books', String(TRIAL), 'manifest.json'),
      contentMedia,
    ).manifest;
    const audioUrl = manifest?.pages[1]?.sentences[0]?.audio ?? '';
    const mp3 = path.join(contentMedia, audioUrl.replace(/^\/media\//, ''));
    const wav = Buffer.from(
      encodeWav(
        await decodeWithFfmpeg(mp3, { sampleRate: SPEECH_SAMPLE_RATE }),
        SPEECH_SAMPLE_RATE,
      ),
    );
    const send = (fields: Record<string, string | number>) => {
      const body = multipart(fields, wav, 'take.wav', 'audio');
      return real.app.inject({
        method: 'POST',
        url: '/api/v1/audio',
        headers: { ...auth(realToken), 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    const right = expectOk(await send(item(newRun())), endpoints.audio);
    const wrong = expectOk(await send(item(newRun(), 'p3s1', 3)), endpoints.audio);
    expect(right.score ?? 0).toBeGreaterThanOrEqual(70);
    expect(right.words.every((w) => w.status === 'good')).toBe(true);
    expect(wrong.score ?? 100).toBeLessThan((right.score ?? 0) - 30);
  }, 60_000);
});
