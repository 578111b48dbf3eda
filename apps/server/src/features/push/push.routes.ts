import { endpoints } from '@picbook/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/define-route';
import { deviceIdOf } from '../../platform/http/device-id';
import { listDevPushOutbox } from '../../platform/push/dev-outbox';
import { subscribe, unsubscribe } from './subscriptions';

/** Push subscriptions (issue 42, decision 100); the sending is the push worker's (push-jobs.ts). */
export function registerPushRoutes(app: FastifyInstance): void {
  defineRoute(app, endpoints.pushConfig, async ({ deps }) => ({
    vapid_public_key: deps.push.vapidPublicKey,
  }));
  defineRoute(app, endpoints.pushSubscribe, ({ deps, userId, body, request }) =>
    subscribe(deps.db, userId, deviceIdOf(request), body),
  );
  defineRoute(app, endpoints.pushUnsubscribe, ({ deps, userId, body }) =>
    unsubscribe(deps.db, userId, body.endpoint),
  );
  // The development outbox (like /dev/sms-outbox): where development adapters are allowed,
  // loopback only unless DEV_ADAPTERS_OPEN=1 (the /dev/ guard of dev.routes.ts).
  if (app.deps.config.allowDevAdapters && app.deps.push.name === 'dev-outbox') {
    app.get('/dev/push-outbox', { schema: { hide: true } }, async () => ({
      code: 0,
      msg: 'ok',
      data: await listDevPushOutbox(app.deps.db),
    }));
  }
}
