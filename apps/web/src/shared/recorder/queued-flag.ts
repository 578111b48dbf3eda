import { storage } from '../platform/storage';

/** Set while recordings scored on the device wait to be filed (the app starts the queue then). */
const QUEUED_KEY = 'picbook_recordings_queued';

export function markRecordingsQueued(count: number): void {
  if (count > 0) storage.set(QUEUED_KEY, String(count));
  else storage.remove(QUEUED_KEY);
}

/** Whether recordings scored on the device wait to be filed (cheap: no IndexedDB opened). */
export function hasQueuedRecordings(): boolean {
  return Number(storage.get(QUEUED_KEY) ?? 0) > 0;
}
