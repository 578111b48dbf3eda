import type { TAudioAnswer } from '@picbook/contracts';
import { routes } from '@picbook/contracts/routes';
import { request } from '../../shared/request/request';

/** What POST /api/v1/audio takes: the work's place, and the recording (its URL or its file). */
export interface AudioFiling {
  uuid: string;
  book_id: number;
  secondary_id: number;
  content_id: string;
  type: number;
  duration: number;
  /** The device's id of a recording filed from the queue (decision 110): filed once. */
  client_id?: string;
  /** The speech session's /uploads/ URL, or the WAV recorded on the device. */
  audio: string | Blob;
}

/** POST /api/v1/audio: files a recording as the child's work; answers the item's best. */
export function postAudio(
  filing: AudioFiling,
  options: { silent?: boolean } = {},
): Promise<TAudioAnswer> {
  const form = new FormData();
  form.append('uuid', filing.uuid);
  form.append('book_id', String(filing.book_id));
  form.append('secondary_id', String(filing.secondary_id));
  form.append('content_id', filing.content_id);
  form.append('type', String(filing.type));
  form.append('duration', String(filing.duration));
  if (filing.client_id !== undefined) form.append('client_id', filing.client_id);
  if (typeof filing.audio === 'string') form.append('audio', filing.audio);
  else form.append('audio', filing.audio, 'take.wav');
  return request<TAudioAnswer>({
    method: routes.audio.method,
    path: routes.audio.path,
    body: form,
    ...(options.silent ? { silent: true } : {}),
  });
}
