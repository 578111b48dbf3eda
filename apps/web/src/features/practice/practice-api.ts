import type { TAudioAnswer } from '@picbook/contracts';
import { routes } from '@picbook/contracts/routes';
import type { WorkType } from '@picbook/domain';
import { request } from '../../shared/request/request';

export interface FileRecordingInput {
  uuid: string;
  bookId: number;
  page: number;
  contentId: string;
  type: WorkType;
  /** The speech session's /uploads/ URL: the server files that recording and its judgement. */
  audioUrl: string;
  duration: number;
}

/** POST /api/v1/audio: files a scored recording as the child's work; answers the item's best. */
export function fileRecording(input: FileRecordingInput): Promise<TAudioAnswer> {
  const form = new FormData();
  form.append('uuid', input.uuid);
  form.append('book_id', String(input.bookId));
  form.append('secondary_id', String(input.page));
  form.append('content_id', input.contentId);
  form.append('type', String(input.type));
  form.append('duration', String(input.duration));
  form.append('audio', input.audioUrl);
  return request<TAudioAnswer>({
    method: routes.audio.method,
    path: routes.audio.path,
    body: form,
  });
}
