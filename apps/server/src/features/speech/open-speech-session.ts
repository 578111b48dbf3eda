import { ErrorCode, SPEECH_SESSION_TTL_S } from '@picbook/contracts';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { createSpeechQueries, type SpeechSessionRow } from './speech.queries';

/**
 * Recordings under way at once, per user and per device. A child reads one sentence at a time;
 * a second may still be finishing when the page turns. Each may hold up to 60 s of audio
 * (1.92 MB), so without a cap one account could hold the server's memory until they expire.
 */
export const SPEECH_SESSIONS_PER_USER = 3;
export const SPEECH_SESSIONS_PER_DEVICE = 3;
/**
 * An open session that received no audio for this long is abandoned (the page was left, the app
 * closed mid-sentence): when its slot is needed it is ended, so a child is not locked out for
 * the session's 10 minutes. A recording being made sends a chunk every half second.
 */
export const SPEECH_IDLE_MS = 30_000;
/** Share of SPEECH_BUFFER_MAX_MB past which new sessions wait (the rest lets those under way finish). */
const NEW_SESSION_SHARE = 0.75;
/** Seconds a client is asked to wait when the buffered audio is at its bound. */
export const SPEECH_BUSY_RETRY_AFTER_S = 5;

export function tooManyRecordings(): AppError {
  return new AppError(ErrorCode.TooManyRequests, '同时进行的录音太多啦，请先读完正在录的句子');
}

export function recordingsBusy(): AppError {
  return new AppError(ErrorCode.TooManyRequests, '录音的小朋友太多啦，请稍后再试一次', {
    data: { retry_after: SPEECH_BUSY_RETRY_AFTER_S },
  });
}

export interface OpenSpeechSession {
  id: string;
  userId: number;
  /** The device uuid header, or null without one (then only the user's cap applies). */
  deviceId: string | null;
  refText: string | null;
  asrId: string | null;
  components: string | null;
}

/**
 * Opens a speech session unless it exists (two first chunks of one recording may race): at most
 * {@link SPEECH_SESSIONS_PER_USER} under way per user and per device (idle ones give way), none
 * while the audio buffered for all sessions is past its share of SPEECH_BUFFER_MAX_MB. Refusals
 * are 10429. Counting and adding happen under the user's and device's locks, so 20 first chunks
 * at once open exactly the cap.
 */
export async function openSpeechSession(
  deps: AppDeps,
  input: OpenSpeechSession,
): Promise<SpeechSessionRow> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const q = createSpeechQueries(tx);
    await q.lockOpening(input.userId, input.deviceId);
    const existing = await q.findSession(input.id);
    if (existing) return existing;
    await makeRoom(q, { userId: input.userId }, SPEECH_SESSIONS_PER_USER, now);
    if (input.deviceId) {
      await makeRoom(q, { deviceId: input.deviceId }, SPEECH_SESSIONS_PER_DEVICE, now);
    }
    if ((await q.bufferedBytes()) >= deps.config.speechBufferMaxBytes * NEW_SESSION_SHARE) {
      throw recordingsBusy();
    }
    return q.openSession({
      id: input.id,
      userId: input.userId,
      deviceId: input.deviceId,
      refText: input.refText,
      asrId: input.asrId,
      components: input.components,
      touchedAt: now,
      expiresAt: new Date(now.getTime() + SPEECH_SESSION_TTL_S * 1000),
    });
  });
}

/** Below `cap` sessions under way, ending idle open ones if that is what it takes; else 10429. */
async function makeRoom(
  q: ReturnType<typeof createSpeechQueries>,
  by: { userId: number } | { deviceId: string },
  cap: number,
  now: Date,
): Promise<void> {
  const underWay = await q.underWay(by, now);
  if (underWay.length < cap) return;
  const idleSince = now.getTime() - SPEECH_IDLE_MS;
  const idle = underWay.filter((s) => s.status === 'open' && s.touchedAt.getTime() <= idleSince);
  if (underWay.length - idle.length >= cap) throw tooManyRecordings();
  await q.expireNow(
    idle.map((s) => s.id),
    now,
  );
}

/**
 * A chunk may join the buffered audio unless that passes SPEECH_BUFFER_MAX_MB (10429): the bound
 * on what unfinished recordings hold, whoever holds it.
 */
export async function assertRoomForChunk(deps: AppDeps, bytes: number): Promise<void> {
  const buffered = await createSpeechQueries(deps.db).bufferedBytes();
  if (buffered + bytes > deps.config.speechBufferMaxBytes) throw recordingsBusy();
}
