import type { TAudioAnswer } from '@picbook/contracts';
import type { WorkType } from '@picbook/domain';
import { postAudio } from '../speech';

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
  return postAudio({
    uuid: input.uuid,
    book_id: input.bookId,
    secondary_id: input.page,
    content_id: input.contentId,
    type: input.type,
    duration: input.duration,
    audio: input.audioUrl,
  });
}
