import { z } from 'zod';
import type { AreaEndpoints } from './endpoint-def';
import { ZBookId } from './library';
import { routes } from './routes';

import { SPEECH_MAX_REF_CHARS } from './speech-limits';

export * from './speech-limits';

/**
 * POST /api/v1/speech, multipart/form-data (learning-content §3 "speech request"). Chunks of one
 * recording share `session_id` and are numbered by `seq` from 0; they may arrive out of order or
 * twice. The final request (`is_ended: 1`) has the next `seq`: with audio it is the last chunk,
 * with an empty `audio_bin` it only says how many chunks there were (`seq`). It returns the
 * result. Instead of chunks, `audio_path` may name a recording of this user stored earlier (a
 * /uploads/ URL).
 * `audio_bin`: raw PCM s16le 16 kHz mono (Content-Type application/octet-stream), or a complete
 * WAV file (RIFF) in a single-chunk session.
 */
export const ZSpeechFields = z.object({
  session_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'session_id must be 8–64 letters, digits, - or _'),
  seq: z.coerce.number().int().min(0).max(10_000),
  is_ended: z.coerce.number().int().min(0).max(1).default(0),
  ref_text: z.string().trim().max(SPEECH_MAX_REF_CHARS).optional(),
  audio_path: z.string().max(300).optional(),
  /** Which recogniser the client asked for; kept with the session for analysis. */
  asr_id: z.string().max(64).optional(),
  /** Client hints (JSON or a comma list); stored, never used to score. */
  components: z.string().max(2000).optional(),
});
export type TSpeechFields = z.infer<typeof ZSpeechFields>;

export const ZWordStatus = z.enum(['good', 'mispronounced', 'missed']);
export type TWordStatus = z.infer<typeof ZWordStatus>;

export const ZScoredWord = z.object({
  word: z.string(),
  /** 0–100. */
  score: z.number().int(),
  /** Seconds in the recording. */
  start: z.number(),
  end: z.number(),
  status: ZWordStatus,
});
export type TScoredWord = z.infer<typeof ZScoredWord>;

/** Why a recording could not be scored as a reading of the text ('ok' when it could). */
export const ZSpeechVerdict = z.enum(['ok', 'no_voice', 'too_short', 'noise', 'different_text']);
export type TSpeechVerdict = z.infer<typeof ZSpeechVerdict>;

export const ZSpeechResult = z.object({
  /** The judge score (§9): best channel, rounded-up percent, 0–100. */
  score: z.number().int(),
  accuracy: z.number().int(),
  fluency: z.number().int(),
  completeness: z.number().int(),
  words: z.array(ZScoredWord),
  verdict: ZSpeechVerdict,
  /** Short encouraging Chinese feedback for the child and parent. */
  feedback: z.string(),
  /** Each channel's percent (the platform judge always; cloud channels when enabled). */
  channels: z.array(z.object({ name: z.string(), score: z.number().int() })),
});
export type TSpeechResult = z.infer<typeof ZSpeechResult>;

export const ZSpeechAnswer = z.object({
  session_id: z.string(),
  is_ended: z.boolean(),
  /** Chunk numbers received so far (while recording). */
  received: z.array(z.number().int()),
  /** When ended: the stored recording (the child's own voice, playable). */
  audio_url: z.string().nullable(),
  /** Seconds of audio. */
  duration: z.number(),
  result: ZSpeechResult.nullable(),
});
export type TSpeechAnswer = z.infer<typeof ZSpeechAnswer>;

/** Largest recording file POST /api/v1/audio takes (a minute of 16 kHz WAV is 1.9 MB). */
export const AUDIO_UPLOAD_MAX_BYTES = 4 * 1024 * 1024;

/**
 * Which part of a book a recording reads: `p{page}s{n}` the n-th sentence (from 1) of a page,
 * `p{page}` the whole page.
 */
export const CONTENT_ID_PATTERN = /^p([1-9]\d{0,2})(?:s([1-9]\d?))?$/;

/**
 * POST /api/v1/audio, multipart/form-data (learning-content §7): files a recording of a child
 * reading part of a book as that child's work. `audio` is either the recording itself (a WAV or
 * MP3 file part) or, as a text field, the /uploads/ URL a speech session answered. The score the
 * family sees and that pays rewards is always the server's own judgement; a client's `score` and
 * `words` are kept for comparison only.
 */
export const ZAudioFields = z.object({
  /** The run through the book this recording belongs to (one work per run). */
  uuid: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'uuid must be 8–64 letters, digits, - or _'),
  book_id: ZBookId,
  /** The page (from 1). */
  secondary_id: z.coerce.number().int().min(1).max(999),
  content_id: z.string().regex(CONTENT_ID_PATTERN, 'content_id must look like p3s1 or p3'),
  /** 1 repeat (sentence by sentence), 2 speak (page by page). */
  type: z.coerce.number().int().min(1).max(2),
  /** The client's idea of the length (s); the server measures its own. */
  duration: z.coerce.number().min(0).max(3600).optional(),
  /** A /uploads/ URL of this user's scored recording, when no file part is sent. */
  audio: z.string().max(300).optional(),
  score: z.coerce.number().min(0).max(100).optional(),
  /** JSON array of the client's word scores. */
  words: z.string().max(8000).optional(),
  /**
   * The device's own id of a recording scored on the device and filed later with its file part
   * (issue 37, decision 110): the same id files one recording, however often it is sent.
   */
  client_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/, 'client_id must be 16–64 letters, digits, - or _')
    .optional(),
});
export type TAudioFields = z.infer<typeof ZAudioFields>;

export const ZAudioAnswer = z.object({
  /** The recording's id. */
  id: z.number().int(),
  audio_url: z.string(),
  /** Seconds, measured from the audio. */
  duration: z.number(),
  /**
   * The server's judgement of this recording: null when it is no score (`verdict` says why:
   * silence, noise, too short, another sentence; null verdict: it could not be judged).
   */
  score: z.number().int().nullable(),
  words: z.array(ZScoredWord),
  /**
   * The judge's verdict; null when the recording could not be judged. Only a reading of the
   * item (`ok`) is filed as the work's item: silence, noise, too short or another sentence is no
   * score (decision 098).
   */
  verdict: ZSpeechVerdict.nullable(),
  /** The work (the run through the book); null when this recording was not filed. */
  work_id: z.number().int().nullable(),
  /**
   * The child's best score of this item over all their runs of the book in this mode (after
   * 重新开始 too); null when no reading of it was scored yet.
   */
  best_score: z.number().int().nullable(),
});
export type TAudioAnswer = z.infer<typeof ZAudioAnswer>;

/** The endpoint table's entries of this area (endpoints.ts assembles the areas). */
export const speechEndpoints = {
  speech: {
    ...routes.speech,
    summary:
      'Stream a recording (multipart: session_id, seq, is_ended, ref_text, audio_bin …) and get its score on is_ended',
    tags: ['speech'],
    multipart: { fields: ZSpeechFields, file: 'audio_bin' },
    response: ZSpeechAnswer,
  },
  audio: {
    ...routes.audio,
    summary:
      "File a recording of part of a book as the child's work (multipart: uuid, book_id, secondary_id, content_id, type, audio …)",
    tags: ['speech'],
    multipart: { fields: ZAudioFields, file: 'audio' },
    response: ZAudioAnswer,
  },
} as const satisfies AreaEndpoints;
