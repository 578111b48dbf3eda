import { ErrorCode } from '@picbook/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { createWorkQueries } from './works.queries';

/**
 * DELETE /api/v1/user/works/{id}: the owner deletes a work — its items and likes (cascade) and
 * the recordings no other work item still uses (rows in the transaction, files after it). Someone
 * else's work answers 10024 like a missing one, so ids cannot be probed. The recordings are
 * locked before the check, so two deletions sharing a recording decide one after the other and
 * the second one removes it.
 */
export async function deleteWork(
  deps: AppDeps,
  log: FastifyBaseLogger,
  userId: number,
  workId: number,
): Promise<{ id: number }> {
  const keys = await deps.db.transaction(async (tx) => {
    const q = createWorkQueries(tx);
    const work = await q.lockOwnWork(userId, workId);
    if (!work) throw new AppError(ErrorCode.RecordNotFound);
    const recordingIds = await q.lockItemRecordings(work.id);
    await q.deleteWork(work.id);
    return q.deleteUnusedRecordings(recordingIds);
  });
  for (const key of keys) {
    try {
      await deps.storage.delete(key);
    } catch (error) {
      // The rows are gone; a leftover file is only storage, never shown again.
      log.error({ err: error, key }, 'recording file of a deleted work not removed');
    }
  }
  return { id: workId };
}
