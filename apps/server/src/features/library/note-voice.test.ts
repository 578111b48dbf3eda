import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode, endpoints } from '@picbook/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, vipMember } from '../../../test/auth-helpers';
import { expectError, expectOk } from '../../../test/envelope';
import { operatorToken, runAction } from '../../../test/ops-kit';
import { contentMedia } from '../../../test/speech-kit';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { bookPages, operatorAudit } from '../../platform/db/schema';
import { pcm16ToWav } from '../../platform/media/audio-probe';
import { importManifests, readManifest } from './import-books';
import { importSampleBooks } from './library.test-kit';
import { NOTE_VOICE_MAX_SECONDS } from './note-voice.actions';

/**
 * An operator records one teacher's note (decision 105): catalogue.setNoteVoice through the one
 * audited door, the file stored beside the book's media and signed like it, the reader's page
 * naming it, and a re-import of the book keeping it while the note reads the same.
 */
const TRIAL = 1101;
const STANDARD = 1103;

let t: TestApp;
let content: string;
let member: string;
beforeAll(async () => {
  t = await createTestApp({ configOverrides: { mediaDir: contentMedia } });
  await importSampleBooks(t.database.db, [TRIAL, STANDARD]);
  content = await operatorToken(t, ['content']);
  member = await vipMember(t);
}, 120_000);
afterAll(() => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({ url, headers: token ? auth(token) : {} });

/** `seconds` of a 220 Hz tone as 16-bit mono WAV. */
function toneWav(seconds: number, sampleRate = 16_000): Buffer {
  const pcm = Buffer.alloc(Math.round(seconds * sampleRate) * 2);
  for (let i = 0; i < pcm.length / 2; i++) {
    pcm.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 220 * i) / sampleRate)), i * 2);
  }
  return pcm16ToWav(pcm, sampleRate);
}

const setVoice = (book: number, page: number, bytes: Buffer, token = content) =>
  runAction(t, token, 'catalogue.setNoteVoice', {
    book_id: book,
    page,
    audio: bytes.toString('base64'),
  });

const pageOf = async (book: number, page: number) => {
  const data = expectOk(await get(`/api/v1.1/books/${book}`, member), endpoints.book);
  return data.pages.find((p) => p.page === page);
};

describe('catalogue.setNoteVoice', () => {
  it("replaces a page's note with the recording: stored, signed like the book, audited", async () => {
    const wav = toneWav(1.5);
    const res = await setVoice(STANDARD, 2, wav);
    const data = expectOk(res, endpoints.opsRunAction);
    const hash = createHash('sha256').update(wav).digest('hex');
    const url = `/media/books/${STANDARD}/voice-p2.${hash.slice(0, 12)}.wav`;
    expect(data.result).toEqual({ book_id: STANDARD, page: 2, note_audio: url });

    // The reader's page names it, signed (a standard book); the file is the recording.
    const page = await pageOf(STANDARD, 2);
    expect(page?.note_audio?.split('?')[0]).toBe(url);
    expect(page?.note_audio).toContain('?');
    const served = await get(page?.note_audio ?? '');
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/audio\/(wav|x-wav|wave)/);
    expect(served.rawPayload.equals(wav)).toBe(true);
    expect((await get(url)).statusCode).toBe(403);
    // The other pages keep the build's reading.
    expect((await pageOf(STANDARD, 3))?.note_audio).toMatch(/\/n3\.[0-9a-f]{8}\.mp3/);

    // The audit row: who, which page, before and after — the recording as its size and hash.
    const [audit] = await t.database.db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.id, data.audit_id));
    expect(audit?.target).toBe(`book:${STANDARD}:page:2`);
    expect(audit?.input).toEqual({
      book_id: STANDARD,
      page: 2,
      audio: { bytes: wav.length, sha256: hash },
    });
    expect(audit?.before).toEqual({ note_audio: expect.stringMatching(/\/n2\.[0-9a-f]{8}\.mp3$/) });
    expect(audit?.after).toEqual({
      note_audio: url,
      format: 'wav',
      duration: 1.5,
      bytes: wav.length,
    });
  });

  it('takes an MP3 as it is, on a trial book (public like its other files)', async () => {
    // A recorded voice of the app's own (the spoken feedback's 「休息一下吧」).
    const voices = path.join(contentMedia, 'voice', 'feedback');
    const mp3 = fs.readFileSync(
      path.join(voices, fs.readdirSync(voices).find((f) => f.endsWith('.mp3')) ?? ''),
    );
    const data = expectOk(await setVoice(TRIAL, 1, mp3), endpoints.opsRunAction);
    const url = (data.result as { note_audio: string }).note_audio;
    expect(url).toMatch(new RegExp(`^/media/books/${TRIAL}/voice-p1\\.[0-9a-f]{12}\\.mp3$`));
    expect((await pageOf(TRIAL, 1))?.note_audio).toBe(url);
    const served = await get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/audio\/mpeg/);
  });

  it.skipIf(spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status !== 0)(
    'takes an M4A (AAC) recording',
    async () => {
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'picbook-voice-')), 'n.m4a');
      const made = spawnSync('ffmpeg', [
        ...['-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=2'],
        ...['-c:a', 'aac', '-b:a', '48k', file],
      ]);
      expect(made.status).toBe(0);
      const data = expectOk(
        await setVoice(TRIAL, 2, fs.readFileSync(file)),
        endpoints.opsRunAction,
      );
      const url = (data.result as { note_audio: string }).note_audio;
      expect(url).toMatch(/voice-p2\.[0-9a-f]{12}\.m4a$/);
      const served = await get(url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toMatch(/audio\/(mp4|x-m4a|m4a)/);
    },
  );

  it('refuses what is not a recording of a note, naming the field', async () => {
    /** The answer's message, with the HTTP status each code goes with. */
    const HTTP: Record<number, number> = {
      [ErrorCode.InvalidParams]: 400,
      [ErrorCode.RecordNotFound]: 200,
      [ErrorCode.NotAllowed]: 200,
      [ErrorCode.Forbidden]: 403,
    };
    const refused = async (res: Awaited<ReturnType<typeof setVoice>>, code: number) =>
      expectError(res, HTTP[code] ?? 0, code).msg;
    expect(
      await refused(
        await setVoice(STANDARD, 4, Buffer.from('hello, not audio')),
        ErrorCode.InvalidParams,
      ),
    ).toContain('MP3、M4A 或 WAV');
    expect(
      await refused(
        await setVoice(STANDARD, 4, toneWav(NOTE_VOICE_MAX_SECONDS + 1, 4000)),
        ErrorCode.InvalidParams,
      ),
    ).toContain(`最长 ${NOTE_VOICE_MAX_SECONDS} 秒`);
    // More than 2 MB: refused by the schema, before anything is read.
    const big = await setVoice(STANDARD, 4, Buffer.alloc(2 * 1024 * 1024 + 3, 1));
    expect(expectError(big, 400, ErrorCode.InvalidParams).msg).toContain('audio');
    expect(await refused(await setVoice(STANDARD, 99, toneWav(1)), ErrorCode.RecordNotFound)).toBe(
      '这本绘本没有这一页',
    );
    // A page without a note has nothing to record.
    await t.database.db
      .update(bookPages)
      .set({ noteCn: null })
      .where(and(eq(bookPages.bookId, STANDARD), eq(bookPages.page, 5)));
    expect(await refused(await setVoice(STANDARD, 5, toneWav(1)), ErrorCode.NotAllowed)).toContain(
      '没有老师讲解',
    );
    // Only the content role (and admins) may.
    const support = await operatorToken(t, ['support']);
    expect(
      await refused(await setVoice(STANDARD, 4, toneWav(1), support), ErrorCode.Forbidden),
    ).toContain('catalogue.setNoteVoice');
    // Nothing of this changed page 4.
    expect((await pageOf(STANDARD, 4))?.note_audio).toMatch(/\/n4\.[0-9a-f]{8}\.mp3/);
    const [last] = await t.database.db
      .select({ action: operatorAudit.action, target: operatorAudit.target })
      .from(operatorAudit)
      .orderBy(desc(operatorAudit.id))
      .limit(1);
    expect(last?.target).not.toBe(`book:${STANDARD}:page:4`);
  });

  it('a re-import keeps the recording while the note reads the same', async () => {
    const wav = toneWav(1);
    expectOk(await setVoice(STANDARD, 6, wav), endpoints.opsRunAction);
    const voice = (await pageOf(STANDARD, 6))?.note_audio?.split('?')[0];
    expect(voice).toMatch(/voice-p6\./);
    const { manifest } = readManifest(
      path.join(contentMedia, 'books', String(STANDARD), 'manifest.json'),
      contentMedia,
    );
    if (!manifest) throw new Error('no manifest');
    // A new build of the book (new narration): page 6's note is the same, its voice stays.
    const rebuilt = { ...manifest, audio_hash: `${manifest.audio_hash}x` };
    expect((await importManifests(t.database.db, [rebuilt])).imported).toEqual([STANDARD]);
    expect((await pageOf(STANDARD, 6))?.note_audio?.split('?')[0]).toBe(voice);
    // Its note rewritten: the build's reading of the new text takes over.
    const rewritten = {
      ...rebuilt,
      audio_hash: `${manifest.audio_hash}y`,
      pages: rebuilt.pages.map((p) => (p.page === 6 ? { ...p, note_cn: `${p.note_cn}！` } : p)),
    };
    await importManifests(t.database.db, [rewritten]);
    expect((await pageOf(STANDARD, 6))?.note_audio).toMatch(/\/n6\.[0-9a-f]{8}\.mp3/);
  });
});
