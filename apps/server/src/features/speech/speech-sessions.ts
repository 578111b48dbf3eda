import {
  ErrorCode,
  SPEECH_MAX_CHUNK_BYTES,
  SPEECH_MAX_SECONDS,
  SPEECH_MIN_SECONDS,
  SPEECH_SAMPLE_RATE,
  SPEECH_SESSION_TTL_S,
  type TSpeechAnswer,
  type TSpeechFields,
  type TSpeechResult,
} from '@picbook/contracts';
import {
  decodeWav,
  encodeWav,
  isWav,
  resample,
  type ScoreResult,
  VERDICT_MESSAGES,
} from '@picbook/speech';
import type { FastifyBaseLogger } from 'fastify';
import type { SpeechResultJson } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError, invalidParams } from '../../platform/errors';
import { pathOfUrl } from '../../platform/media/signed-urls';
import { SLOW_SCORING_MS, scoreWithChannels } from '../../platform/speech/channel';
import { JudgeBusyError } from '../../platform/speech/judge';
import { isValidKey, newObjectKey } from '../../platform/storage';
import { recordingUrl } from '../../platform/storage/serve-uploads';
import { loadConfigs } from '../configs';
import { bookLineCompetitors } from './book-lines';
import { assertRoomForChunk, openSpeechSession } from './open-speech-session';
import { createSpeechQueries, type SpeechSessionRow } from './speech.queries';

const BYTES_PER_SECOND = SPEECH_SAMPLE_RATE * 2;
const MAX_TOTAL_BYTES = SPEECH_MAX_SECONDS * BYTES_PER_SECOND;
/** How long the final request waits for chunks still on their way. */
const MISSING_CHUNK_WAIT_MS = 5_000;
/** How long a repeated final request waits for the one that is scoring. */
const SCORING_WAIT_MS = 30_000;
const POLL_MS = 100;
const SWEEP_GRACE_MS = 60 * 60_000;
/** New recordings per user per minute (a child reading fast makes about 10). */
const RECORDING_RULES = [{ limit: 60, windowMs: 60_000 }];

/**
 * Counts one new recording of `kind` (speech sessions and uploads each have the budget, since
 * each may run the judge); refuses with 10429 past it.
 */
export async function limitRecordings(
  deps: AppDeps,
  kind: 'speech' | 'audio',
  userId: number,
): Promise<void> {
  const limit = await deps.rateLimiter.hit(
    `${kind}:${userId}`,
    RECORDING_RULES,
    deps.clock.now().getTime(),
  );
  if (!limit.allowed) throw new AppError(ErrorCode.TooManyRequests, '读得太快啦，休息一下再读吧');
}

export interface SpeechInput {
  userId: number;
  log: FastifyBaseLogger;
  fields: TSpeechFields;
  /** The audio_bin part (raw PCM s16le 16 kHz mono, or one whole WAV), or null. */
  audio: Buffer | null;
  /** The device uuid header, or null without one. */
  deviceId: string | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where a recording is served (kept with its speech session; signed whenever it is answered). */
export const uploadPath = (key: string) => `/uploads/${key}`;

function notFound(): AppError {
  return new AppError(ErrorCode.RecordNotFound, '录音已过期或不存在，请重新录音');
}

/** The answer to the session's owner (only they reach it), its recording signed for them. */
function answerOf(
  deps: Pick<AppDeps, 'urlSigner'>,
  session: SpeechSessionRow,
  received: number[] = [],
): TSpeechAnswer {
  const key = session.audioUrl?.replace(/^\/uploads\//, '');
  return {
    session_id: session.id,
    is_ended: session.status === 'done',
    received,
    audio_url: key ? recordingUrl(deps, key, session.userId, session.userId) : null,
    duration: session.duration ?? 0,
    result: answeredResult(session.result),
  };
}

/** A stored result as answered: without what is kept for the judge alone (gop_mean). */
export function answeredResult(result: SpeechResultJson | null): TSpeechResult | null {
  if (!result) return null;
  const { gop_mean: _kept, ...answered } = result;
  return answered as TSpeechResult;
}

/** Float samples of 16-bit little-endian PCM. */
function pcmToFloat(pcm: Buffer): Float32Array {
  const out = new Float32Array(pcm.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = pcm.readInt16LE(i * 2) / 32768;
  return out;
}

/** A whole WAV file as 16 kHz mono floats (any PCM rate or channel count is converted). */
export function wavToSpeech(bytes: Buffer): Float32Array {
  let decoded: ReturnType<typeof decodeWav>;
  try {
    decoded = decodeWav(bytes);
  } catch {
    throw invalidParams('audio_bin', '不是可用的 WAV 录音');
  }
  return decoded.sampleRate === SPEECH_SAMPLE_RATE
    ? decoded.samples
    : resample(decoded.samples, decoded.sampleRate, SPEECH_SAMPLE_RATE);
}

/** The answer for a recording shorter than the spec's minimum: no scoring, nothing stored. */
function tooShortResult(): SpeechResultJson {
  return {
    score: 0,
    accuracy: 0,
    fluency: 0,
    completeness: 0,
    words: [],
    verdict: 'too_short',
    feedback: VERDICT_MESSAGES.too_short,
    channels: [],
  };
}

let lastSweepMs = 0;

/**
 * POST /api/v1/speech: collects the chunks of a recording (any order, repeats ignored), and on
 * is_ended scores it once — the platform judge plus any cloud channels — stores the recording
 * and answers the result; a repeated final request gets the same answer.
 */
export async function handleSpeech(deps: AppDeps, input: SpeechInput): Promise<TSpeechAnswer> {
  const { userId, fields } = input;
  const q = createSpeechQueries(deps.db);
  const now = deps.clock.now();
  if (now.getTime() - lastSweepMs > 60_000) {
    lastSweepMs = now.getTime();
    // Expired sessions stay an hour as tombstones, so a late request hears "expired" (10024);
    // their audio goes at once.
    void q
      .dropExpiredChunks(now)
      .then(() => q.sweepExpired(new Date(now.getTime() - SWEEP_GRACE_MS)))
      .catch(() => undefined);
  }

  let session = await q.findSession(fields.session_id);
  if (session && session.userId !== userId) throw notFound();
  if (session && session.expiresAt <= now) throw notFound();
  if (session?.status === 'done') return answerOf(deps, session);
  if (session?.status === 'failed') {
    throw new AppError(ErrorCode.NotAllowed, session.error ?? '评分失败，请重新录音');
  }

  if (fields.audio_path) return scoreStoredRecording(deps, input);

  const audio = input.audio && input.audio.length > 0 ? input.audio : null;
  const wholeWav = audio !== null && isWav(audio);
  if (wholeWav && (fields.seq !== 0 || fields.is_ended !== 1)) {
    throw invalidParams('audio_bin', '完整的 WAV 录音只能一次上传（seq 0，is_ended 1）');
  }
  if (audio && !wholeWav) {
    if (audio.length > SPEECH_MAX_CHUNK_BYTES) {
      throw new AppError(
        ErrorCode.PayloadTooLarge,
        `录音分片太大了（最多 ${SPEECH_MAX_CHUNK_BYTES / 1024} KB）`,
        {
          field: 'audio_bin',
        },
      );
    }
    if (audio.length % 2 !== 0) throw invalidParams('audio_bin', '不是 16 位 PCM 数据');
  }

  if (!session) {
    await limitRecordings(deps, 'speech', userId);
    session = await openSpeechSession(deps, {
      id: fields.session_id,
      userId,
      deviceId: input.deviceId,
      refText: fields.ref_text ?? null,
      asrId: fields.asr_id ?? null,
      components: fields.components ?? null,
    });
    if (session.userId !== userId) throw notFound();
  }

  if (audio && !wholeWav) {
    const { bytes } = await q.chunkIndex(session.id);
    if (bytes + audio.length > MAX_TOTAL_BYTES) {
      throw new AppError(ErrorCode.PayloadTooLarge, `录音太长了，最多 ${SPEECH_MAX_SECONDS} 秒`, {
        field: 'audio_bin',
      });
    }
    await assertRoomForChunk(deps, audio.length);
    await q.addChunk(session.id, fields.seq, audio, now);
  }

  if (fields.is_ended !== 1) {
    const { seqs } = await q.chunkIndex(session.id);
    return answerOf(deps, session, seqs);
  }

  const refText = fields.ref_text ?? session.refText ?? '';
  if (!/[A-Za-z]/.test(refText)) throw invalidParams('ref_text', '请提供要读的英文句子');

  let samples: Float32Array;
  if (wholeWav && audio) {
    samples = wavToSpeech(audio);
    if (samples.length > SPEECH_MAX_SECONDS * SPEECH_SAMPLE_RATE) {
      throw new AppError(ErrorCode.PayloadTooLarge, `录音太长了，最多 ${SPEECH_MAX_SECONDS} 秒`, {
        field: 'audio_bin',
      });
    }
    if (!(await q.claimScoring(session.id, 1))) return waitForAnswer(deps, session.id);
  } else {
    const total = audio ? fields.seq + 1 : fields.seq;
    if (total === 0) throw invalidParams('audio_bin', '没有收到录音');
    await waitForChunks(deps, session.id, total);
    if (!(await q.claimScoring(session.id, total))) return waitForAnswer(deps, session.id);
    samples = pcmToFloat(Buffer.concat(await q.loadChunks(session.id)));
  }
  return scoreSession(deps, input.log, session, refText, samples);
}

async function waitForChunks(deps: AppDeps, sessionId: string, total: number): Promise<void> {
  const q = createSpeechQueries(deps.db);
  const deadline = Date.now() + MISSING_CHUNK_WAIT_MS;
  for (;;) {
    const { seqs } = await q.chunkIndex(sessionId);
    const have = new Set(seqs);
    const missing: number[] = [];
    for (let i = 0; i < total; i++) if (!have.has(i)) missing.push(i);
    if (missing.length === 0) return;
    if (Date.now() > deadline) {
      throw new AppError(ErrorCode.InvalidParams, '录音数据不完整，请重新录音', {
        field: 'seq',
        data: { missing: missing.slice(0, 20) },
      });
    }
    await sleep(POLL_MS);
  }
}

async function waitForAnswer(deps: AppDeps, sessionId: string): Promise<TSpeechAnswer> {
  const q = createSpeechQueries(deps.db);
  const deadline = Date.now() + SCORING_WAIT_MS;
  for (;;) {
    const session = await q.findSession(sessionId);
    if (!session) throw notFound();
    if (session.status === 'done') return answerOf(deps, session);
    if (session.status === 'failed') {
      throw new AppError(ErrorCode.NotAllowed, session.error ?? '评分失败，请重新录音');
    }
    if (session.status === 'open' || Date.now() > deadline) {
      throw new AppError(ErrorCode.TooManyRequests, '正在评分，请稍后再试');
    }
    await sleep(POLL_MS * 2);
  }
}

/** Scores the claimed session, stores the recording, and records the answer. */
async function scoreSession(
  deps: AppDeps,
  log: FastifyBaseLogger,
  session: SpeechSessionRow,
  refText: string,
  samples: Float32Array,
): Promise<TSpeechAnswer> {
  const q = createSpeechQueries(deps.db);
  const duration = Math.round((samples.length / SPEECH_SAMPLE_RATE) * 1000) / 1000;
  if (duration < SPEECH_MIN_SECONDS) {
    const result = tooShortResult();
    await q.updateSession(session.id, {
      status: 'done',
      result,
      duration,
      refText,
      endedAt: deps.clock.now(),
    });
    await q.deleteChunks(session.id);
    return {
      ...answerOf(deps, { ...session, status: 'done', result, duration, audioUrl: null }),
      duration,
    };
  }

  const wav = Buffer.from(encodeWav(samples, SPEECH_SAMPLE_RATE));
  const result = await judgeClaimedSession(deps, log, session, samples, refText);

  const key = newObjectKey('rec', 'wav');
  await deps.storage.put(key, wav, 'audio/wav');
  const recording = await q.insertRecording({
    userId: session.userId,
    key,
    contentType: 'audio/wav',
    bytes: wav.length,
    duration,
    source: 'speech',
    refText,
    score: result.score,
    result,
  });
  const audioUrl = uploadPath(key);
  await q.updateSession(session.id, {
    status: 'done',
    result,
    duration,
    refText,
    audioUrl,
    recordingId: recording.id,
    endedAt: deps.clock.now(),
  });
  await q.deleteChunks(session.id);
  return {
    session_id: session.id,
    is_ended: true,
    received: [],
    audio_url: recordingUrl(deps, key, session.userId, session.userId),
    duration,
    result: result as TSpeechResult,
  };
}

/** Seconds a client is asked to wait when the scorer's queue is full. */
export const JUDGE_RETRY_AFTER_S = 3;

/**
 * judgeRecording for a session this request claimed: when the judge is busy the session is given
 * back (the child's retry of the final request scores it); when it fails, the session fails.
 */
async function judgeClaimedSession(
  deps: AppDeps,
  log: FastifyBaseLogger,
  session: Pick<SpeechSessionRow, 'id' | 'userId'>,
  samples: Float32Array,
  refText: string,
): Promise<SpeechResultJson> {
  const q = createSpeechQueries(deps.db);
  const sessionId = session.id;
  try {
    return await judgeRecording(deps, log, samples, refText, session.userId);
  } catch (error) {
    if (error instanceof AppError && error.code === ErrorCode.TooManyRequests) {
      await q.updateSession(sessionId, { status: 'open' });
      throw error;
    }
    await q.updateSession(sessionId, { status: 'failed', error: '评分失败，请重新录音' });
    // A failed session answers its error again and is never scored: its audio is not needed.
    await q.deleteChunks(sessionId);
    throw new AppError(ErrorCode.Internal, '录音出了点小问题，请重新录音', { cause: error });
  }
}

/**
 * The platform judge and, when judge_speech.enable_cloud is on, the cloud channels (§9), asked
 * in parallel: each channel has its own timeout and the answer waits for them at most
 * SPEECH_CHANNEL_GRACE_MS past the judge. Scoring slower than 20,000 ms is reported. A full
 * scoring queue (or a job that timed out waiting) answers 429 with a retry hint: nothing is
 * stored before the judge has answered.
 */
export async function judgeRecording(
  deps: AppDeps,
  log: FastifyBaseLogger,
  samples: Float32Array,
  refText: string,
  /** Whose recording: their earlier recordings are the judge's history of this reader. */
  userId: number,
): Promise<SpeechResultJson> {
  const [history, competitors] = await Promise.all([
    createSpeechQueries(deps.db).readerHistory(userId),
    // Without them the detector alone judges: a failed lookup must not fail the recording.
    bookLineCompetitors(deps.database, refText).catch((error: unknown) => {
      log.warn({ err: error }, 'book lines for the judge could not be read');
      return [];
    }),
  ]);
  const cloudEnabled = (await loadConfigs(deps.db, log)).judge_speech.enable_cloud === 1;
  const channels = cloudEnabled ? deps.speechChannels : [];
  // Both providers take 16 kHz 16-bit mono: the judge's own samples, whatever was uploaded.
  const wav = channels.length > 0 ? Buffer.from(encodeWav(samples, SPEECH_SAMPLE_RATE)) : EMPTY;
  let outcome: Awaited<ReturnType<typeof scoreWithChannels<ScoreResult>>>;
  try {
    outcome = await scoreWithChannels(
      () =>
        deps.speechJudge.score(samples.slice(), refText, {
          ...(history ? { history } : {}),
          ...(competitors.length > 0 ? { competitors } : {}),
        }),
      channels,
      wav,
      refText,
      { graceMs: deps.config.speechChannels.graceMs },
    );
  } catch (error) {
    if (error instanceof JudgeBusyError && error.reason !== 'failed') {
      throw new AppError(ErrorCode.TooManyRequests, '评分的小朋友太多啦，请稍后再试一次', {
        data: { retry_after: JUDGE_RETRY_AFTER_S },
        cause: error,
      });
    }
    throw error;
  }
  const { judged, combined } = outcome;
  for (const timing of combined.timings) {
    if (timing.outcome !== 'ok' && timing.outcome !== 'no_reading') {
      log.warn(
        {
          channel: timing.name,
          provider: timing.provider,
          ms: Math.round(timing.ms),
          outcome: timing.outcome,
        },
        'speech channel gave no score',
      );
    }
  }
  if (combined.slow) {
    log.warn(
      { event: 'speech.slow', ms: Math.round(combined.elapsedMs), channels: combined.timings },
      `slow speech scoring (≥ ${SLOW_SCORING_MS} ms)`,
    );
  }
  return {
    score: judged.verdict === 'ok' ? combined.score : judged.score,
    accuracy: judged.accuracy,
    fluency: judged.fluency,
    completeness: judged.completeness,
    words: judged.words.map((w) => ({ ...w, score: Math.round(w.score) })),
    verdict: judged.verdict,
    feedback: judged.feedback,
    channels: combined.channels,
    ...(judged.gopMean !== undefined ? { gop_mean: judged.gopMean } : {}),
  };
}

const EMPTY = Buffer.alloc(0);

/** audio_path: score a recording this user stored before (a WAV under /uploads/). */
async function scoreStoredRecording(deps: AppDeps, input: SpeechInput): Promise<TSpeechAnswer> {
  const { userId, fields } = input;
  if (fields.is_ended !== 1) throw invalidParams('is_ended', 'audio_path 只能在结束时提交');
  const refText = fields.ref_text ?? '';
  if (!/[A-Za-z]/.test(refText)) throw invalidParams('ref_text', '请提供要读的英文句子');
  const key = pathOfUrl(fields.audio_path ?? '').replace(/^\/uploads\//, '');
  if (!isValidKey(key)) throw invalidParams('audio_path', '找不到这段录音');
  const q = createSpeechQueries(deps.db);
  const recording = await q.findRecordingByKey(key);
  if (!recording || recording.userId !== userId)
    throw invalidParams('audio_path', '找不到这段录音');
  const stored = await deps.storage.get(key);
  if (!stored) throw invalidParams('audio_path', '找不到这段录音');
  const samples = wavToSpeech(stored.body);
  const now = deps.clock.now();
  // Scored at once from storage: nothing is buffered, so no cap (the judge's queue bounds it).
  const session = await q.openSession({
    id: fields.session_id,
    userId,
    deviceId: input.deviceId,
    refText,
    asrId: fields.asr_id ?? null,
    components: fields.components ?? null,
    touchedAt: now,
    expiresAt: new Date(now.getTime() + SPEECH_SESSION_TTL_S * 1000),
  });
  if (session.userId !== userId) throw notFound();
  if (!(await q.claimScoring(session.id, 0))) return waitForAnswer(deps, session.id);
  const duration = Math.round((samples.length / SPEECH_SAMPLE_RATE) * 1000) / 1000;
  if (duration < SPEECH_MIN_SECONDS) {
    const result = tooShortResult();
    await q.updateSession(session.id, { status: 'done', result, duration, endedAt: now });
    return answerOf(deps, { ...session, status: 'done', result, duration });
  }
  const result = await judgeClaimedSession(deps, input.log, session, samples, refText);
  const audioUrl = uploadPath(key);
  await q.updateSession(session.id, {
    status: 'done',
    result,
    duration,
    audioUrl,
    recordingId: recording.id,
    endedAt: now,
  });
  return answerOf(deps, { ...session, status: 'done', result, duration, audioUrl });
}
