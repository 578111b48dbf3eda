import { ErrorCode, type TLikeResult } from '@picbook/contracts';
import type { LikeAction } from '@picbook/domain';
import { isForeignKeyViolation } from '../../platform/db/errors';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { createSocialQueries } from './social.queries';
import { findVisibleWork } from './visibility';
import { createWorkQueries } from './works.queries';

/**
 * POST /api/v1/rank/{id}/like and /unlike (learning-content §4): a user's like counts once, an
 * unlike takes back only one's own like, and the count moves by one with a floor of 0 — in one
 * statement each, so concurrent requests cannot count twice. A work one may not see (10024) cannot
 * be liked; one's own work always can.
 */
export async function likeWork(
  deps: AppDeps,
  userId: number,
  workId: number,
  action: LikeAction,
): Promise<TLikeResult> {
  const work = await findVisibleWork(deps.db, userId, workId);
  const q = createSocialQueries(deps.db);
  let moved: number | null;
  try {
    moved =
      action === 'like' ? await q.addLike(work.id, userId) : await q.removeLike(work.id, userId);
  } catch (error) {
    // Deleted between the check and the like.
    if (isForeignKeyViolation(error)) throw new AppError(ErrorCode.RecordNotFound);
    throw error;
  }
  const [current, liked] = await Promise.all([
    moved === null ? createWorkQueries(deps.db).findWork(work.id) : null,
    q.likedAmong(userId, [work.id]),
  ]);
  if (moved === null && !current) throw new AppError(ErrorCode.RecordNotFound);
  return { id: work.id, like: moved ?? current?.likes ?? 0, is_liked: liked.has(work.id) };
}
