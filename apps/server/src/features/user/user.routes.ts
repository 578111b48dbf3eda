import { ErrorCode, endpoints } from '@picbook/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors';
import { defineRoute } from '../../platform/http/define-route';
import { deletionSummary } from './deletion-summary';
import { loadUserInfo } from './load-user-info';
import { isConfiguredAvatar, saveChild } from './save-child';
import { listStorages, saveStorages } from './settings-storage';
import { presentChild } from './user.presenter';
import { createUserQueries } from './user.queries';

export function registerUserRoutes(app: FastifyInstance): void {
  defineRoute(app, endpoints.userInfo, ({ deps, userId }) =>
    loadUserInfo(deps.db, userId, deps.clock.now()),
  );

  defineRoute(app, endpoints.saveChild, ({ deps, userId, body, request }) =>
    saveChild(deps, userId, body, request.log),
  );

  defineRoute(app, endpoints.userAvatar, async ({ deps, userId, body, request }) => {
    if (!(await isConfiguredAvatar(deps, body.icon, request.log))) {
      throw new AppError(ErrorCode.InvalidParams, '参数错误：icon 不是可选头像', { field: 'icon' });
    }
    const q = createUserQueries(deps.db);
    const [child] = await q.listChildren(userId);
    if (!child) throw new AppError(ErrorCode.NotAllowed, '请先完善孩子信息');
    const updated = await q.updateChild(child.id, { avatar: body.icon });
    if (!updated) throw new AppError(ErrorCode.RecordNotFound);
    return presentChild(updated, deps.clock.now());
  });

  defineRoute(app, endpoints.userNotifications, async ({ deps, userId, body }) => {
    await createUserQueries(deps.db).updateUser(userId, { notificationMask: body.mask });
    return { mask: body.mask };
  });

  defineRoute(app, endpoints.getStorages, ({ deps, userId, query }) =>
    listStorages(deps.db, userId, query.group),
  );

  defineRoute(app, endpoints.saveStorages, ({ deps, userId, body }) =>
    saveStorages(deps.db, userId, body.group, body.list),
  );

  defineRoute(app, endpoints.deletionSummary, ({ deps, userId }) =>
    deletionSummary(deps.db, userId, deps.clock.now()),
  );
}
