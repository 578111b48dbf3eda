import type { TSpeechAnswer, TSpeechFields } from '@picbook/contracts';
import { routes } from '@picbook/contracts/routes';
import { request } from '../request/request';

/** The text fields of one POST /api/v1/speech request (learning-content §3 "speech request"). */
export type SpeechChunkFields = Pick<TSpeechFields, 'session_id' | 'seq'> & {
  is_ended: 0 | 1;
  ref_text?: string | undefined;
  asr_id?: string | undefined;
  components?: string | undefined;
};

export interface PostChunkOptions {
  /** No toast on failure (the recorder shows its own message); still reported. Default true. */
  silent?: boolean;
  timeoutMs?: number;
}

export type PostSpeechChunk = (
  fields: SpeechChunkFields,
  pcm: Int16Array | null,
  options?: PostChunkOptions,
) => Promise<TSpeechAnswer>;

/** The multipart body: text fields, then `audio_bin` as raw PCM s16le (empty when `pcm` is null). */
export function speechFormData(fields: SpeechChunkFields, pcm: Int16Array | null): FormData {
  const form = new FormData();
  form.append('session_id', fields.session_id);
  form.append('seq', String(fields.seq));
  form.append('is_ended', String(fields.is_ended));
  if (fields.ref_text !== undefined) form.append('ref_text', fields.ref_text);
  if (fields.asr_id !== undefined) form.append('asr_id', fields.asr_id);
  if (fields.components !== undefined) form.append('components', fields.components);
  // Typed arrays are in the platform's byte order, little-endian on every browser platform.
  const bytes = pcm
    ? new Uint8Array(pcm.buffer, pcm.byteOffset, pcm.byteLength).slice()
    : new Uint8Array(0);
  form.append('audio_bin', new Blob([bytes], { type: 'application/octet-stream' }), 'audio.pcm');
  return form;
}

/** Posts one chunk of a streamed recording (or the final `is_ended` request) and returns the answer. */
export const postSpeechChunk: PostSpeechChunk = (fields, pcm, options = {}) =>
  request<TSpeechAnswer>({
    method: routes.speech.method,
    path: routes.speech.path,
    body: speechFormData(fields, pcm),
    silent: options.silent ?? true,
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  });
