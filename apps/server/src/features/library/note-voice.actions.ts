import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode } from '@picbook/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../platform/db/client';
import { bookPages, books } from '../../platform/db/schema';
import { AppError, invalidParams } from '../../platform/errors';
import { AUDIO_UNSUPPORTED, probeAudio } from '../../platform/media/audio-probe';
import { isM4a, probeM4a } from '../../platform/media/m4a-probe';
import { defineOperatorAction } from '../../platform/ops/operator-action';

/**
 * An operator's recorded voice for one teacher's note (decision 105, after 099): the recording
 * replaces the build's Mandarin reading of that page's note, and the reader's 中文辅助读 / 精讲
 * note button plays it.
 */

/** The largest recording for one note: minutes of speech as MP3 or M4A, ~20 s of CD-quality WAV. */
export const NOTE_VOICE_MAX_BYTES = 2 * 1024 * 1024;
/** A note is a few sentences: a longer recording is not one. */
export const NOTE_VOICE_MAX_SECONDS = 120;
/**
 * The file name an operator's voice gets in the book's media folder (`voice-p<page>.<hash>.<ext>`):
 * a re-import of the book keeps it while that page's note reads the same (import-books.ts).
 */
export const NOTE_VOICE_PREFIX = 'voice-';
/** The JSON body the action route takes: the recording as base64 (4/3 of it) and the rest. */
export const NOTE_VOICE_BODY_LIMIT = Math.ceil((NOTE_VOICE_MAX_BYTES * 4) / 3) + 64 * 1024;

const EXTENSIONS = { 'audio/mpeg': 'mp3', 'audio/wav': 'wav', 'audio/mp4': 'm4a' } as const;
const UNSUPPORTED = '不支持的音频格式，请上传 MP3、M4A 或 WAV 录音';

const ZNoteVoice = z.object({
  book_id: z.number().int().positive(),
  page: z.number().int().positive().max(1000),
  /** The recording's bytes as base64 (the console reads the chosen file into it). */
  audio: z
    .base64()
    .min(1)
    .max(Math.ceil(NOTE_VOICE_MAX_BYTES / 3) * 4)
    .meta({ contentMediaType: 'audio/*' }),
});
type NoteVoiceInput = z.infer<typeof ZNoteVoice>;

interface Stored {
  url: string;
  format: 'mp3' | 'wav' | 'm4a';
  duration: number;
  bytes: number;
}

const pageWhere = (input: NoteVoiceInput) =>
  and(eq(bookPages.bookId, input.book_id), eq(bookPages.page, input.page));

async function findPage(db: DbOrTx, input: NoteVoiceInput, lock = false) {
  const query = db
    .select({ noteCn: bookPages.noteCn, noteAudio: bookPages.noteAudio })
    .from(bookPages)
    .where(pageWhere(input));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError(ErrorCode.RecordNotFound, '这本绘本没有这一页');
  if (!row.noteCn?.trim()) {
    throw new AppError(
      ErrorCode.NotAllowed,
      '这一页没有老师讲解（note_cn）：先在绘本里写好讲解，再为它录音',
    );
  }
  return row;
}

/** The recording as the server reads it: its real format and length, from its bytes alone. */
export function readNoteVoice(bytes: Buffer): Omit<Stored, 'url'> & { ext: string } {
  if (bytes.length > NOTE_VOICE_MAX_BYTES) {
    throw invalidParams('audio', `录音太大了（最多 ${NOTE_VOICE_MAX_BYTES / 1024 / 1024} MB）`);
  }
  const info = isM4a(bytes) ? probeM4a(bytes) : probeAudio(bytes);
  if ('error' in info) {
    throw invalidParams('audio', info.error === AUDIO_UNSUPPORTED ? UNSUPPORTED : info.error);
  }
  if (info.duration > NOTE_VOICE_MAX_SECONDS) {
    throw invalidParams('audio', `讲解录音最长 ${NOTE_VOICE_MAX_SECONDS} 秒`);
  }
  return {
    format: info.format,
    duration: Math.round(info.duration * 100) / 100,
    bytes: bytes.length,
    ext: EXTENSIONS[info.contentType],
  };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export const setNoteVoiceAction = defineOperatorAction({
  name: 'catalogue.setNoteVoice',
  summary:
    "Replace one page's teacher's-note reading with an operator's recording (MP3, M4A or WAV)",
  roles: ['content'],
  input: ZNoteVoice,
  /**
   * Checks the page and the recording, then stores the file beside the book's other media
   * (`<data>/media/books/<id>/`, served and signed like them). Content-addressed: a run that
   * fails after this leaves an unused file, never a wrong one.
   */
  async prepare({ deps, input }): Promise<Stored> {
    await findPage(deps.db, input);
    const bytes = Buffer.from(input.audio, 'base64');
    const { ext, ...voice } = readNoteVoice(bytes);
    const name = `${NOTE_VOICE_PREFIX}p${input.page}.${sha256(bytes).slice(0, 12)}.${ext}`;
    const dir = path.join(deps.config.dataMediaDir, 'books', String(input.book_id));
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, name), bytes);
    return { ...voice, url: `/media/books/${input.book_id}/${name}` };
  },
  async run({ tx, input, prepared }) {
    const row = await findPage(tx, input, true);
    await tx.update(bookPages).set({ noteAudio: prepared.url }).where(pageWhere(input));
    // A new version of the book (its updated_at, strictly later): readers' cached pages give way.
    await tx
      .update(books)
      .set({
        updatedAt: sql`greatest(clock_timestamp(), ${books.updatedAt} + interval '1 microsecond')`,
      })
      .where(eq(books.id, input.book_id));
    return {
      result: { book_id: input.book_id, page: input.page, note_audio: prepared.url },
      target: `book:${input.book_id}:page:${input.page}`,
      before: { note_audio: row.noteAudio },
      after: {
        note_audio: prepared.url,
        format: prepared.format,
        duration: prepared.duration,
        bytes: prepared.bytes,
      },
    };
  },
  auditInput: ({ audio, ...rest }) => {
    const bytes = Buffer.from(audio, 'base64');
    return { ...rest, audio: { bytes: bytes.length, sha256: sha256(bytes) } };
  },
});
