import {
  ErrorCode,
  SPEECH_MAX_SECONDS,
  SPEECH_MIN_SECONDS,
  SPEECH_SAMPLE_RATE,
  type TAudioAnswer,
  type TAudioFields,
  type TScoredWord,
} from '@picbook/contracts';
import {
  isScoredAttempt,
  itemText,
  parseContentId,
  type WorkType,
  workItemsOf,
} from '@picbook/domain';
import { decodeWithFfmpeg, VERDICT_MESSAGES } from '@picbook/speech';
import type { FastifyBaseLogger } from 'fastify';
import { isForeignKeyViolation } from '../../platform/db/errors';
import type { SpeechResultJson } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError, invalidParams } from '../../platform/errors';
import { probeAudio } from '../../platform/media/audio-probe';
import { pathOfUrl } from '../../platform/media/signed-urls';
import { isValidKey, newObjectKey } from '../../platform/storage';
import { recordingUrl } from '../../platform/storage/serve-uploads';
import { createLibraryQueries, findBookOrFail, isBookOpen, loadReader } from '../library';
import { createWorkQueries } from '../works';
import { sameText } from './book-lines';
import { createSpeechQueries, type RecordingRow } from './speech.queries';
import { judgeRecording, limitRecordings, wavToSpeech } from './speech-sessions';

export interface AudioUploadInput {
  userId: number;
  log: FastifyBaseLogger;
  fields: TAudioFields;
  /** The `audio` file part, when the recording itself is sent. */
  file: Buffer | null;
}

const ITEM_ERRORS = {
  bad_id: 'content_id 应为 p3s1（第 3 页第 1 句）或 p3（第 3 页）',
  wrong_mode: '跟读录的是一句话（p3s1），口语录的是一整页（p3）',
  no_such_item: '这本绘本里没有这一句',
} as const;

/**
 * POST /api/v1/audio: files a recording of one item of a book (a sentence in repeat mode, a page
 * in speak mode) as the child's work for the run `uuid`, keeping each item's best recording.
 * Only a reading of the item is filed (verdict ok); any other recording is answered with its
 * verdict and not filed (decision 098).
 * The score is the server's: a speech session's recording keeps the judgement it had (re-judged
 * when it was scored against other words), a file sent here is judged now. A file sent with the
 * device's `client_id` (a recording scored on the device, filed when the network is back) is
 * stored and judged once per user and id: a replay or a second tab gets the same recording and
 * the same judgement (decision 110); the device's own score is never read.
 */
export async function handleAudioUpload(
  deps: AppDeps,
  input: AudioUploadInput,
): Promise<TAudioAnswer> {
  const { userId, fields } = input;
  const type = fields.type as WorkType;
  if (fields.client_id !== undefined && !input.file) {
    throw invalidParams('audio', 'client_id 要和录音文件一起上传');
  }
  // A recording the device filed before (a replay, a second tab) is not counted again.
  const filedBefore =
    fields.client_id !== undefined
      ? await createSpeechQueries(deps.db).findClientRecording(userId, fields.client_id)
      : null;
  if (!filedBefore) await limitRecordings(deps, 'audio', userId);
  const [reader, book] = await Promise.all([
    loadReader(deps.db, userId, deps.clock.now()),
    findBookOrFail(deps.db, fields.book_id),
  ]);
  if (!(await isBookOpen(deps.db, reader, book))) {
    throw new AppError(ErrorCode.NotAllowed, '这本绘本还没有解锁，解锁后才能录音哦', {
      field: 'book_id',
    });
  }
  const pages = (await createLibraryQueries(deps.db).listPages(book.id)).map((p) => ({
    page: p.page,
    sentences: p.sentences.map((s) => s.en),
  }));
  const item = itemText(type, fields.content_id, pages);
  if ('error' in item) throw invalidParams('content_id', ITEM_ERRORS[item.error]);
  if (parseContentId(fields.content_id)?.page !== fields.secondary_id) {
    throw invalidParams('secondary_id', 'secondary_id 应是 content_id 所在的页');
  }

  const recording = filedBefore
    ? await ownFiledRecording(deps, input, filedBefore, item.text)
    : input.file
      ? await storeUploadedFile(deps, input, input.file, item.text)
      : await ownStoredRecording(deps, input, item.text);

  const words = (recording.result?.words ?? []) as TScoredWord[];
  const verdict = (recording.result?.verdict ?? null) as TAudioAnswer['verdict'];
  const itemKey = { userId, bookId: book.id, type, contentId: fields.content_id };
  const answer = {
    id: recording.id,
    audio_url: recordingUrl(deps, recording.key, userId, userId),
    duration: recording.duration,
    words,
    verdict,
  };
  // Silence, noise, too short, another sentence or no judgement: kept as a recording, but no
  // score — `score: null` and the verdict, not the work's item, no best, nothing in the reports
  // (decision 098; issue 36: the judge's 0 for silence is no score).
  const attempt = { verdict, score: recording.score };
  if (!isScoredAttempt(attempt)) {
    return {
      ...answer,
      score: null,
      work_id: null,
      best_score: await createWorkQueries(deps.db).bestItemScore(itemKey),
    };
  }
  const score = attempt.score;
  const filed = await deps.db
    .transaction(async (tx) => {
      const wq = createWorkQueries(tx);
      const work = await wq.openWork({ userId, bookId: book.id, type, uuid: fields.uuid });
      await wq.keepBest(work.id, {
        contentId: fields.content_id,
        secondaryId: fields.secondary_id,
        recordingId: recording.id,
        score,
        duration: recording.duration,
        words,
      });
      await wq.refreshTotals(work.id, workItemsOf(type, pages).length);
      // Best over every run of the book (重新开始 starts a new run, not a new best).
      return { workId: work.id, best: await wq.bestItemScore(itemKey) };
    })
    .catch((error: unknown) => {
      // The recording or the run was deleted meanwhile (another tab deleted the work).
      if (isForeignKeyViolation(error)) {
        throw new AppError(ErrorCode.RecordNotFound, '这段录音已经删除了，请重新录音');
      }
      throw error;
    });
  return { ...answer, score, work_id: filed.workId, best_score: filed.best ?? score };
}

/** A file part: checked by its bytes, measured, judged against the item's text, stored. */
async function storeUploadedFile(
  deps: AppDeps,
  input: AudioUploadInput,
  file: Buffer,
  refText: string,
): Promise<RecordingRow> {
  const info = probeAudio(file);
  if ('error' in info) throw invalidParams('audio', info.error);
  if (info.duration > SPEECH_MAX_SECONDS) {
    throw new AppError(ErrorCode.PayloadTooLarge, `录音太长了，最多 ${SPEECH_MAX_SECONDS} 秒`, {
      field: 'audio',
    });
  }
  if (info.duration < SPEECH_MIN_SECONDS) {
    throw invalidParams('audio', VERDICT_MESSAGES.too_short);
  }
  const samples = await decodeForJudge(file, info.format, input.log);
  const result: SpeechResultJson | null = samples
    ? await judgeRecording(deps, input.log, samples, refText, input.userId)
    : null;
  const key = newObjectKey('rec', info.format);
  await deps.storage.put(key, file, info.contentType);
  const values = {
    userId: input.userId,
    key,
    contentType: info.contentType,
    bytes: file.length,
    duration: Math.round(info.duration * 1000) / 1000,
    source: 'upload',
    refText,
    score: result?.score ?? null,
    result,
  };
  const q = createSpeechQueries(deps.db);
  const clientId = input.fields.client_id;
  if (clientId === undefined) return q.insertRecording(values);
  // The device's id files it once: a request that lost the race drops its own copy of the file.
  const { row, created } = await q.insertClientRecording({ ...values, clientId });
  if (!created) await deps.storage.delete(key);
  return row;
}

/** A recording the device filed before under the same client id: its stored judgement. */
async function ownFiledRecording(
  deps: AppDeps,
  input: AudioUploadInput,
  recording: RecordingRow,
  refText: string,
): Promise<RecordingRow> {
  const judged = await judgeStoredRecording(deps, input.log, recording, refText, 'audio');
  if (judged.stored || !judged.result) return recording;
  return createSpeechQueries(deps.db).updateRecordingScore(recording.id, refText, judged.result);
}

/** 16 kHz samples for the judge, or null when this machine cannot decode the format. */
async function decodeForJudge(
  file: Buffer,
  format: 'wav' | 'mp3',
  log: FastifyBaseLogger,
): Promise<Float32Array | null> {
  if (format === 'wav') return wavToSpeech(file);
  try {
    return await decodeWithFfmpeg(file, { sampleRate: SPEECH_SAMPLE_RATE });
  } catch (error) {
    log.warn({ err: error }, 'MP3 recording stored unscored: it could not be decoded');
    return null;
  }
}

/** `audio`: a /uploads/ URL of this user's recording (normally a speech session's answer). */
async function ownStoredRecording(
  deps: AppDeps,
  input: AudioUploadInput,
  refText: string,
): Promise<RecordingRow> {
  const recording = await findOwnRecording(deps, input.userId, input.fields.audio ?? '', 'audio');
  const judged = await judgeStoredRecording(deps, input.log, recording, refText, 'audio');
  if (judged.stored || !judged.result) return recording;
  return createSpeechQueries(deps.db).updateRecordingScore(recording.id, refText, judged.result);
}

/**
 * A recording of this user by its /uploads/ URL (as a speech session answered it), or a 400
 * naming `field`.
 */
export async function findOwnRecording(
  deps: AppDeps,
  userId: number,
  url: string,
  field: string,
): Promise<RecordingRow> {
  if (url === '') throw invalidParams(field, '没有收到录音');
  // The URL as answered (signed, perhaps with our origin): its path names the recording.
  const key = pathOfUrl(url).replace(/^\/uploads\//, '');
  const recording = isValidKey(key)
    ? await createSpeechQueries(deps.db).findRecordingByKey(key)
    : null;
  if (!recording || recording.userId !== userId) throw invalidParams(field, '找不到这段录音');
  return recording;
}

/**
 * The server's judgement of a stored recording as a reading of `refText`: the one it has when it
 * was judged against the same words, else judged now (null `result` when it cannot be decoded).
 * `stored` says whether the answer is the recording's own stored judgement.
 */
export async function judgeStoredRecording(
  deps: AppDeps,
  log: FastifyBaseLogger,
  recording: RecordingRow,
  refText: string,
  field: string,
): Promise<{ result: SpeechResultJson | null; stored: boolean }> {
  if (
    recording.score !== null &&
    recording.result &&
    recording.refText &&
    sameText(recording.refText, refText)
  ) {
    return { result: recording.result, stored: true };
  }
  const stored = await deps.storage.get(recording.key);
  if (!stored) throw invalidParams(field, '找不到这段录音');
  const format = recording.contentType === 'audio/mpeg' ? 'mp3' : 'wav';
  const samples = await decodeForJudge(stored.body, format, log);
  if (!samples) return { result: null, stored: false };
  return {
    result: await judgeRecording(deps, log, samples, refText, recording.userId),
    stored: false,
  };
}
