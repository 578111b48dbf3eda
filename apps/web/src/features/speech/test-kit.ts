import type { QueuedRecording } from './recording-queue';

/** A recording scored on the device while offline (80 on the device), queued at `queuedAt`. */
export const queuedRecording = (
  clientId: string,
  queuedAt: number,
  userId = 7,
): QueuedRecording => ({
  clientId,
  userId,
  wav: new Blob([new Uint8Array(44)], { type: 'audio/wav' }),
  duration: 2,
  refText: 'It is a windy day.',
  device: {
    score: 80,
    accuracy: 80,
    fluency: 80,
    completeness: 100,
    words: [],
    verdict: 'ok',
    feedback: '',
    channels: [{ name: 'device', score: 80 }],
  },
  filing: { uuid: 'run-12345678', book_id: 1101, secondary_id: 1, content_id: 'p1s1', type: 1 },
  queuedAt,
});
