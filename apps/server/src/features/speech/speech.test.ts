import { endpoints, SPEECH_MAX_CHUNK_BYTES, SPEECH_SAMPLE_RATE } from '@picbook/contracts';
import type { ScoreResult } from '@picbook/speech';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, newPhone, phoneLogin } from '../../../test/auth-helpers';
import { expectError, expectOk } from '../../../test/envelope';
import { multipart } from '../../../test/multipart';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  bookPages,
  books,
  configEntries,
  recordings,
  speechChunks,
} from '../../platform/db/schema';
import { JudgeBusyError, type SpeechJudge } from '../../platform/speech/judge';
import { importSampleBooks } from '../library/library.test-kit';

/**
 * POST /api/v1/speech through the real app and database. The judge here is a stand-in that
 * records what it was asked (the engine itself is tested in packages/speech, and end to end in
 * the last test with the real pool).
 */
const calls: Array<{
  samples: number;
  refText: string;
  history?: { gopMean: number; count: number };
  competitors?: readonly string[];
}> = [];
/** The mean GOP the fake judge reports for its next recordings. */
let nextGop = -6;
/** Answer like the engine pool with a full queue. */
let judgeBusy = false;
const fakeJudge: SpeechJudge = {
  async score(audio, refText, options) {
    if (judgeBusy) throw new JudgeBusyError('busy', new Error('queue full'));
    calls.push({
      samples: audio.length,
      refText,
      ...(options?.history ? { history: options.history } : {}),
      ...(options?.competitors ? { competitors: options.competitors } : {}),
    });
    const words = refText.split(/\s+/).filter(Boolean);
    return {
      score: 83,
      accuracy: 85,
      fluency: 80,
      completeness: 100,
      words: words.map((word, i) => ({
        word,
        score: 80 + i,
        start: i * 0.3,
        end: i * 0.3 + 0.25,
        status: 'good',
      })),
      verdict: 'ok',
      feedback: '读得很好！继续加油！',
      gopMean: nextGop,
    } as ScoreResult;
  },
  async close() {},
};

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ services: { speechJudge: fakeJudge } });
  token = (await phoneLogin(t, newPhone())).access_token;
});
afterAll(() => t.close());

/** 16-bit PCM of a 440 Hz tone, `seconds` long. */
function tone(seconds: number): Buffer {
  const n = Math.round(seconds * SPEECH_SAMPLE_RATE);
  const buf = Buffer.alloc(n * 2);
  for (let i = 0; i < n; i++)
    buf.writeInt16LE(
      Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / SPEECH_SAMPLE_RATE)),
      i * 2,
    );
  return buf;
}

let sessionSeq = 0;
const newSession = () => `sess-${process.pid}-${++sessionSeq}-${Date.now()}`;

function send(fields: Record<string, string | number>, audio?: Buffer, as = token) {
  const body = multipart(fields, audio);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/speech',
    headers: { ...auth(as), 'content-type': body.contentType },
    payload: body.payload,
  });
}

const REF = 'I see a red kite.';

describe('POST /api/v1/speech', () => {
  it('collects chunks in any order, twice or not, and scores once on is_ended', async () => {
    const id = newSession();
    const audio = tone(1.5);
    const chunks = [
      audio.subarray(0, 16_000),
      audio.subarray(16_000, 32_000),
      audio.subarray(32_000),
    ];
    const first = expectOk(
      await send({ session_id: id, seq: 2, is_ended: 0, ref_text: REF }, chunks[2]),
      endpoints.speech,
    );
    expect(first).toMatchObject({ is_ended: false, received: [2], result: null });
    await send({ session_id: id, seq: 0, is_ended: 0 }, chunks[0]);
    await send({ session_id: id, seq: 0, is_ended: 0 }, chunks[0]); // a repeat changes nothing
    const before = calls.length;
    const done = expectOk(
      await send({ session_id: id, seq: 1, is_ended: 1, ref_text: REF }, chunks[1]),
      endpoints.speech,
    );
    expect(calls.length).toBe(before + 1);
    expect(calls.at(-1)).toEqual({ samples: audio.length / 2, refText: REF });
    expect(done).toMatchObject({ is_ended: true, duration: 1.5 });
    expect(done.result).toMatchObject({
      score: 83,
      verdict: 'ok',
      channels: [{ name: 'judge', score: 83 }],
    });
    expect(done.result?.words.map((w) => w.word)).toEqual(['I', 'see', 'a', 'red', 'kite.']);
    expect(done.audio_url).toMatch(
      /^\/uploads\/rec\/[0-9a-f]{32}\.wav\?exp=\d+&sig=[\w-]+&aud=family$/,
    );

    // The stored recording is this audio as a 16 kHz WAV, served under /uploads.
    const file = await t.app.inject({ url: done.audio_url ?? '' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('audio/wav');
    expect(file.rawPayload.subarray(44).equals(audio)).toBe(true);
    // Chunks are gone once scored; the answer stays for a repeated final request.
    expect(
      await t.database.db.select().from(speechChunks).where(eq(speechChunks.sessionId, id)),
    ).toEqual([]);
    const again = expectOk(
      await send({ session_id: id, seq: 1, is_ended: 1, ref_text: REF }),
      endpoints.speech,
    );
    expect(again).toEqual(done);
    expect(calls.length).toBe(before + 1);
  });

  it('a final request without audio counts the chunks before it, and waits for a late one', async () => {
    const id = newSession();
    const audio = tone(1.2);
    await send({ session_id: id, seq: 0, ref_text: REF }, audio.subarray(0, 20_000));
    const [done] = await Promise.all([
      send({ session_id: id, seq: 2, is_ended: 1, ref_text: REF }),
      new Promise((r) => setTimeout(r, 300)).then(() =>
        send({ session_id: id, seq: 1 }, audio.subarray(20_000)),
      ),
    ]);
    expect(expectOk(done, endpoints.speech).duration).toBe(1.2);
  });

  it('concurrent final requests score once and get the same answer', async () => {
    const id = newSession();
    await send({ session_id: id, seq: 0, ref_text: REF }, tone(1.1));
    const before = calls.length;
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => send({ session_id: id, seq: 1, is_ended: 1, ref_text: REF })),
    );
    const data = answers.map((a) => expectOk(a, endpoints.speech));
    expect(calls.length).toBe(before + 1);
    expect(new Set(data.map((d) => d.audio_url)).size).toBe(1);
  });

  it('takes one whole WAV in a single request (any PCM rate, resampled to 16 kHz)', async () => {
    const pcm = tone(1.25);
    const header = Buffer.alloc(44);
    header.write('RIFF', 0);
    header.writeUInt32LE(36 + pcm.length, 4);
    header.write('WAVEfmt ', 8);
    header.writeUInt32LE(16, 16);
    header.writeUInt16LE(1, 20);
    header.writeUInt16LE(1, 22);
    header.writeUInt32LE(16_000, 24);
    header.writeUInt32LE(32_000, 28);
    header.writeUInt16LE(2, 32);
    header.writeUInt16LE(16, 34);
    header.write('data', 36);
    header.writeUInt32LE(pcm.length, 40);
    const done = expectOk(
      await send(
        { session_id: newSession(), seq: 0, is_ended: 1, ref_text: REF },
        Buffer.concat([header, pcm]),
      ),
      endpoints.speech,
    );
    expect(done.duration).toBe(1.25);
  });

  it('judges a child against their own earlier recordings (history), never answering it', async () => {
    const child = (await phoneLogin(t, newPhone())).access_token;
    const post = () =>
      send({ session_id: newSession(), seq: 0, is_ended: 1, ref_text: REF }, tone(1.2), child);
    nextGop = -6;
    const first = expectOk(await post(), endpoints.speech);
    expect(calls.at(-1)?.history).toBeUndefined();
    expect(first.result).not.toHaveProperty('gop_mean');
    nextGop = -4;
    await post();
    expect(calls.at(-1)?.history).toEqual({ gopMean: -6, count: 1 });
    const third = expectOk(await post(), endpoints.speech);
    expect(calls.at(-1)?.history).toEqual({ gopMean: -5, count: 2 });
    expect(third.result).not.toHaveProperty('gop_mean');
    nextGop = -6;
  });

  it("judges a book's line against the book's other lines (a child may read the wrong one)", async () => {
    await importSampleBooks(t.database.db, [1101]);
    const judged = async (refText: string) => {
      expectOk(
        await send({ session_id: newSession(), seq: 0, is_ended: 1, ref_text: refText }, tone(1.2)),
        endpoints.speech,
      );
      return calls.at(-1)?.competitors;
    };
    // Book 1101's five lines; nearest first, "I see my red kite." shares only 2 of 5 words.
    const others = ['It is a windy day.', 'I run with the kite.', 'Up, up, up it goes!'];
    expect(await judged('Dad has a red kite.')).toEqual([...others, 'I see my red kite.']);
    expect(await judged('dad has a red kite')).toEqual([...others, 'I see my red kite.']);
    // Not a line of any book (a word, a test item): the text alone.
    expect(await judged('I see a red kite.')).toBeUndefined();
    expect(await judged('kite')).toBeUndefined();

    // An edit of the book (any process: the books' version) is seen on the next recording, and a
    // withdrawn book's lines still compete (a child who has it open still reads it).
    const db = t.database.db;
    const [page5] = await db
      .select()
      .from(bookPages)
      .where(and(eq(bookPages.bookId, 1101), eq(bookPages.page, 5)));
    if (!page5) throw new Error('page 5');
    await db
      .update(bookPages)
      .set({
        sentences: [
          { ...page5.sentences[0], en: 'We fly it in the park.' },
        ] as typeof page5.sentences,
      })
      .where(and(eq(bookPages.bookId, 1101), eq(bookPages.page, 5)));
    await db
      .update(books)
      .set({ updatedAt: new Date(Date.now() + 1000), withdrawnAt: new Date() })
      .where(eq(books.id, 1101));
    expect(await judged('Dad has a red kite.')).toEqual([...others, 'We fly it in the park.']);
  });

  it('a recording under 1 s is answered "too short" without scoring or storing it', async () => {
    const before = calls.length;
    const done = expectOk(
      await send({ session_id: newSession(), seq: 0, is_ended: 1, ref_text: REF }, tone(0.6)),
      endpoints.speech,
    );
    expect(done.result).toMatchObject({ verdict: 'too_short', score: 0 });
    expect(done.result?.feedback).toContain('录音有点短');
    expect(done.audio_url).toBeNull();
    expect(calls.length).toBe(before);
  });

  it('refuses bad input with the field named and keeps what was received', async () => {
    const id = newSession();
    expectError(await send({ session_id: 'x', seq: 0 }, tone(0.1)), 400, 10001);
    const odd = expectError(await send({ session_id: id, seq: 0 }, Buffer.alloc(3)), 400, 10001);
    expect(odd.data?.field).toBe('audio_bin');
    const big = expectError(
      await send({ session_id: id, seq: 0 }, Buffer.alloc(SPEECH_MAX_CHUNK_BYTES + 2)),
      413,
      10413,
    );
    expect(big.msg).toContain('录音分片太大');
    await send({ session_id: id, seq: 0 }, tone(1));
    const noText = expectError(await send({ session_id: id, seq: 1, is_ended: 1 }), 400, 10001);
    expect(noText.data?.field).toBe('ref_text');
    // The chunk is still there: a corrected final request scores it.
    expectOk(await send({ session_id: id, seq: 1, is_ended: 1, ref_text: REF }), endpoints.speech);
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/v1/speech',
      headers: auth(token),
      payload: { session_id: id },
    });
    expectError(notMultipart, 400, 10001);
  });

  it('a busy scorer answers 429 with a retry hint; the retry scores the same recording', async () => {
    const id = newSession();
    await send({ session_id: id, seq: 0 }, tone(1.2));
    judgeBusy = true;
    try {
      const res = await send({ session_id: id, seq: 1, is_ended: 1, ref_text: REF });
      expectError(res, 429, 10429);
      expect(res.headers['retry-after']).toBe('3');
    } finally {
      judgeBusy = false;
    }
    const answer = expectOk(
      await send({ session_id: id, seq: 1, is_ended: 1, ref_text: REF }),
      endpoints.speech,
    );
    expect(answer).toMatchObject({ is_ended: true, duration: 1.2 });
  });

  it('refuses a broken multipart body (no boundary, cut short) with 400, not 500', async () => {
    const body = multipart({ session_id: newSession(), seq: 0 }, tone(0.5));
    for (const [contentType, payload] of [
      ['multipart/form-data', body.payload],
      [body.contentType, body.payload.subarray(0, 200)],
      [`${body.contentType}x`, body.payload],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/speech',
        headers: { ...auth(token), 'content-type': contentType },
        payload,
      });
      expectError(res, 400, 10001);
    }
  });

  it('caps a recording at 60 s', async () => {
    const id = newSession();
    const chunk = Buffer.alloc(SPEECH_MAX_CHUNK_BYTES);
    let seq = 0;
    let last = await send({ session_id: id, seq: seq++ }, chunk);
    while (last.statusCode === 200) last = await send({ session_id: id, seq: seq++ }, chunk);
    const refused = expectError(last, 413, 10413);
    expect(refused.msg).toBe('录音太长了，最多 60 秒');
    expect(seq * SPEECH_MAX_CHUNK_BYTES).toBeGreaterThan(60 * 32_000);
  });

  it("a session is its owner's only, and expires", async () => {
    const id = newSession();
    await send({ session_id: id, seq: 0, ref_text: REF }, tone(1));
    const other = (await phoneLogin(t, newPhone())).access_token;
    expectError(
      await send({ session_id: id, seq: 1, is_ended: 1, ref_text: REF }, undefined, other),
      200,
      10024,
    );
    t.clock.advance(11 * 60_000);
    try {
      const expired = expectError(
        await send({ session_id: id, seq: 1, is_ended: 1, ref_text: REF }),
        200,
        10024,
      );
      expect(expired.msg).toBe('录音已过期或不存在，请重新录音');
    } finally {
      t.clock.advance(-11 * 60_000);
    }
    expectError(
      await send({ session_id: newSession(), seq: 0 }, tone(1), 'not-a-token-at-all-0000'),
      401,
      10008,
    );
  });

  it('judge_speech.enable_cloud asks the cloud channels and keeps the best (rounded-up percent)', async () => {
    const cloud = await createTestApp({
      services: {
        speechJudge: fakeJudge,
        speechChannels: [
          {
            name: 'vendor',
            provider: 'test',
            score: async () => ({ channel: 'vendor', score: 9_120 }),
          },
        ],
      },
    });
    try {
      const user = (await phoneLogin(cloud, newPhone())).access_token;
      const post = async () => {
        const body = multipart(
          { session_id: newSession(), seq: 0, is_ended: 1, ref_text: REF },
          tone(1.2),
        );
        const res = await cloud.app.inject({
          method: 'POST',
          url: '/api/v1/speech',
          headers: { ...auth(user), 'content-type': body.contentType },
          payload: body.payload,
        });
        return expectOk(res, endpoints.speech).result;
      };
      const setCloud = (on: 0 | 1) =>
        cloud.database.db
          .update(configEntries)
          .set({ value: { enable_cloud: on } })
          .where(eq(configEntries.key, 'judge_speech'));
      // Seeded off: the platform judge alone.
      expect(await post()).toMatchObject({ score: 83, channels: [{ name: 'judge', score: 83 }] });
      await setCloud(1);
      expect(await post()).toMatchObject({
        score: 92,
        channels: [
          { name: 'judge', score: 83 },
          { name: 'vendor', score: 92 },
        ],
      });
      await setCloud(0);
      expect(await post()).toMatchObject({ score: 83, channels: [{ name: 'judge', score: 83 }] });
    } finally {
      await cloud.close();
    }
  });

  it('deleting the account deletes its recordings and their files', async () => {
    // A guest confirms nothing to delete the account (user test covers the phone confirmation).
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/v1/guest_login',
      payload: { device_id: `speech-del-${Date.now()}` },
    });
    const access_token = expectOk(guest, endpoints.guestLogin).access_token;
    const done = expectOk(
      await send(
        { session_id: newSession(), seq: 0, is_ended: 1, ref_text: REF },
        tone(1.1),
        access_token,
      ),
      endpoints.speech,
    );
    const key = (done.audio_url ?? '').replace('/uploads/', '');
    expect((await t.app.inject({ url: done.audio_url ?? '' })).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/cancel',
      headers: auth(access_token),
      payload: {},
    });
    expect(res.json().code, res.body).toBe(0);
    expect(await t.database.db.select().from(recordings).where(eq(recordings.key, key))).toEqual(
      [],
    );
    expect((await t.app.inject({ url: done.audio_url ?? '' })).statusCode).toBe(404);
  });
});
