import { endpoints } from '@picbook/contracts';
import type { WorkType } from '@picbook/domain';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/define-route';
import { registerDeletionStep } from '../auth';
import { deleteWork } from './delete-work';
import { likeWork } from './like-work';
import { bookPk } from './pk';
import { bookRanks, myRank, rankDetail } from './rankings';
import { sharedWork, workShareLink } from './shared-work';
import { createSocialQueries } from './social.queries';
import { userOverview, userWorks } from './user-works';
import { presentConsent } from './visibility';

export function registerWorkRoutes(app: FastifyInstance): void {
  defineRoute(app, endpoints.getPublicWorks, async ({ deps, userId }) =>
    presentConsent(await createSocialQueries(deps.db).findConsent(userId)),
  );

  defineRoute(app, endpoints.setPublicWorks, async ({ deps, userId, body }) =>
    presentConsent(
      await createSocialQueries(deps.db).saveConsent(
        userId,
        body.consented === 1,
        deps.clock.now(),
      ),
    ),
  );

  defineRoute(app, endpoints.likeWork, ({ deps, userId, params }) =>
    likeWork(deps, userId, params.id, 'like'),
  );

  defineRoute(app, endpoints.unlikeWork, ({ deps, userId, params }) =>
    likeWork(deps, userId, params.id, 'unlike'),
  );

  defineRoute(app, endpoints.rankDetail, ({ deps, userId, params, request }) =>
    rankDetail(deps, request.log, userId, params.id),
  );

  defineRoute(app, endpoints.workShareLink, ({ deps, userId, params }) =>
    workShareLink(deps, userId, params.id),
  );

  // Public: no account; never kept by a cache (a withdrawal must take effect at once).
  defineRoute(app, endpoints.sharedWork, ({ deps, params, request, reply }) => {
    reply.header('cache-control', 'no-store');
    return sharedWork(deps, request.log, params.token);
  });

  defineRoute(app, endpoints.bookRanks, ({ deps, userId, params, query, request }) =>
    bookRanks(
      deps,
      request.log,
      userId,
      { bookId: params.id, type: query.type as WorkType, sort: query.sort },
      { page: query.page, pageSize: query.page_size },
    ),
  );

  defineRoute(app, endpoints.myRank, ({ deps, userId, params, query, request }) =>
    myRank(deps, request.log, userId, {
      bookId: params.id,
      type: query.type as WorkType,
      sort: query.sort,
    }),
  );

  defineRoute(app, endpoints.bookPk, ({ deps, userId, params, query, request }) =>
    bookPk(deps, request.log, userId, {
      bookId: params.id,
      type: query.type as WorkType,
      rankId: query.rank_id,
    }),
  );

  defineRoute(app, endpoints.userOverview, ({ deps, userId, params, request }) =>
    userOverview(deps, request.log, userId, params.id),
  );

  defineRoute(app, endpoints.userWorks, ({ deps, userId, params, query, request }) =>
    userWorks(deps, request.log, userId, {
      userId: params.id,
      type: query.type === -1 ? null : query.type,
      level: query.level ?? null,
      sort: query.sort,
      page: query.page,
      pageSize: query.page_size,
    }),
  );

  defineRoute(app, endpoints.deleteWork, ({ deps, userId, params, request }) =>
    deleteWork(deps, request.log, userId, params.id),
  );

  // A deleted account takes back the likes it gave (its own works, likes and consent cascade).
  registerDeletionStep({
    name: 'work-likes',
    inTransaction: (tx, user) => createSocialQueries(tx).withdrawLikesOf(user.id),
  });
}
