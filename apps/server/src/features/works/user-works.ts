import {
  BEST_WORKS_COUNT,
  type TUserOverview,
  type TUserWorks,
  type TWorkUser,
} from '@picbook/contracts';
import { pageCount, pageWindow, type WorkSort } from '@picbook/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../platform/deps';
import { createSocialQueries } from './social.queries';
import { worksAccessOf } from './visibility';
import { loadWorkUsers, workUserOf } from './work-users';
import { presentWorkEntry } from './works.presenter';
import { createWorkQueries, type UserWorksFilter } from './works.queries';

export interface WorksListInput extends UserWorksFilter {
  sort: WorkSort;
  page: number;
  pageSize: number;
}

/** A page of a user's works as the viewer sees them (is_liked is the viewer's), and the maker. */
async function worksPage(
  deps: AppDeps,
  log: FastifyBaseLogger,
  viewerId: number | null,
  input: WorksListInput,
): Promise<{ page: TUserWorks; user: TWorkUser }> {
  const { offset, limit } = pageWindow(input.page, input.pageSize);
  const { rows, total } = await createWorkQueries(deps.db).listUserWorks(
    input,
    input.sort,
    offset,
    limit,
  );
  const [users, liked] = await Promise.all([
    loadWorkUsers(deps.db, log, [input.userId]),
    createSocialQueries(deps.db).likedAmong(
      viewerId,
      rows.map((r) => r.work.id),
    ),
  ]);
  const user = workUserOf(users, input.userId);
  const page = {
    list: rows.map(({ work, book }) =>
      presentWorkEntry(work, book, user.nickname, liked.has(work.id)),
    ),
    page: input.page,
    page_size: limit,
    page_count: pageCount(total, limit),
    total,
  };
  return { page, user };
}

/** GET /api/v1/user/works/{id}: the works of the caller, or of a child whose works are public. */
export async function userWorks(
  deps: AppDeps,
  log: FastifyBaseLogger,
  viewerId: number | null,
  input: WorksListInput,
): Promise<TUserWorks> {
  await worksAccessOf(deps.db, viewerId, input.userId);
  return (await worksPage(deps, log, viewerId, input)).page;
}

/** GET /api/v1/user/overview/{id}: a works home page — who, how many, and the best works. */
export async function userOverview(
  deps: AppDeps,
  log: FastifyBaseLogger,
  viewerId: number | null,
  userId: number,
): Promise<TUserOverview> {
  const access = await worksAccessOf(deps.db, viewerId, userId);
  const [stats, best] = await Promise.all([
    createWorkQueries(deps.db).userStats(userId),
    worksPage(deps, log, viewerId, {
      userId,
      type: null,
      level: null,
      sort: 'score_desc',
      page: 1,
      pageSize: BEST_WORKS_COUNT,
    }),
  ]);
  return {
    user: { ...best.user, level: access.level },
    is_self: access.isSelf,
    is_public: access.isPublic,
    works_count: stats.works,
    likes_total: stats.likes,
    best: best.page.list,
  };
}
