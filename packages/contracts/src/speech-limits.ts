/** Speech limits, zod-free so that the web bundle can import them (like routes.ts). */

/** Speech is recorded and scored as 16 kHz, 16-bit, mono PCM (learning-content §9). */
export const SPEECH_SAMPLE_RATE = 16_000;
/** A speech recording must hold at least 1 s of audio (§9); longer than this is refused. */
export const SPEECH_MIN_SECONDS = 1;
export const SPEECH_MAX_SECONDS = 60;
/** One streamed chunk at most (≈ 4 s of PCM). */
export const SPEECH_MAX_CHUNK_BYTES = 128 * 1024;
/** A session not ended within this long is dropped with its chunks. */
export const SPEECH_SESSION_TTL_S = 10 * 60;
/** Reference texts are a sentence or a page, not a book. */
export const SPEECH_MAX_REF_CHARS = 600;
/** The client reports a slow score after this long (spec §9). */
export const SPEECH_SLOW_MS = 20_000;
