import type { TMyRank, TRankDetail, TRanks } from '@picbook/contracts';
import { pageCount, pageWindow, type RankSort, type WorkType } from '@picbook/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../platform/deps';
import { recordingUrl } from '../../platform/storage/serve-uploads';
import { unixSeconds } from '../../platform/time';
import { findBookOrFail } from '../library';
import { createRankQueries } from './ranks.queries';
import { createSocialQueries } from './social.queries';
import { findVisibleWork } from './visibility';
import { loadWorkUsers, workUserOf } from './work-users';
import { byReadingOrder, presentRankItem, presentWorkItem } from './works.presenter';
import { createWorkQueries } from './works.queries';

export interface RankKey {
  bookId: number;
  type: WorkType;
  sort: RankSort;
}

/** GET /api/v1.2/books/{id}/ranks: one page of the book's ranking in a mode. */
export async function bookRanks(
  deps: AppDeps,
  log: FastifyBaseLogger,
  viewerId: number | null,
  key: RankKey,
  paging: { page: number; pageSize: number },
): Promise<TRanks> {
  await findBookOrFail(deps.db, key.bookId);
  const { offset, limit } = pageWindow(paging.page, paging.pageSize);
  const { rows, total } = await createRankQueries(deps.db).page(key, offset, limit);
  const [users, liked] = await Promise.all([
    loadWorkUsers(
      deps.db,
      log,
      rows.map((w) => w.userId),
    ),
    createSocialQueries(deps.db).likedAmong(
      viewerId,
      rows.map((w) => w.id),
    ),
  ]);
  return {
    list: rows.map((work, i) =>
      presentRankItem(work, workUserOf(users, work.userId), liked.has(work.id), offset + i + 1),
    ),
    page: paging.page,
    page_size: limit,
    page_count: pageCount(total, limit),
    total,
  };
}

/** GET /api/v1.2/books/{id}/myrank: the caller's best work and its place (null when hidden). */
export async function myRank(
  deps: AppDeps,
  log: FastifyBaseLogger,
  userId: number,
  key: RankKey,
): Promise<TMyRank> {
  await findBookOrFail(deps.db, key.bookId);
  const ranks = createRankQueries(deps.db);
  const [best, position, total] = await Promise.all([
    createWorkQueries(deps.db).findBestWork(userId, key.bookId, key.type),
    ranks.positionOf(key, userId),
    ranks.count(key),
  ]);
  if (!best) return { rank: null, total, item: null };
  const [users, liked] = await Promise.all([
    loadWorkUsers(deps.db, log, [userId]),
    createSocialQueries(deps.db).likedAmong(userId, [best.id]),
  ]);
  return {
    rank: position,
    total,
    item: presentRankItem(best, workUserOf(users, userId), liked.has(best.id), position),
  };
}

/** GET /api/v1/rank/{id}: a work one may see, with its items in reading order. */
export async function rankDetail(
  deps: AppDeps,
  log: FastifyBaseLogger,
  viewerId: number | null,
  workId: number,
): Promise<TRankDetail> {
  const work = await findVisibleWork(deps.db, viewerId, workId);
  const [items, users, liked] = await Promise.all([
    createWorkQueries(deps.db).listItemsWithKeys(work.id),
    loadWorkUsers(deps.db, log, [work.userId]),
    createSocialQueries(deps.db).likedAmong(viewerId, [work.id]),
  ]);
  return {
    id: work.id,
    rank_id: work.id,
    user: workUserOf(users, work.userId),
    book_id: work.bookId,
    type: work.type,
    score: work.score,
    like: work.likes,
    is_liked: liked.has(work.id),
    finished: work.finishedAt !== null,
    created_at: unixSeconds(work.createdAt),
    items: [...items]
      .sort(byReadingOrder)
      .map((item) =>
        presentWorkItem(item, (key) => recordingUrl(deps, key, work.userId, viewerId)),
      ),
  };
}
