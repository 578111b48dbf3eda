import { ErrorCode, endpoints } from '@picbook/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { defineRoute } from '../../platform/http/define-route';
import { deviceIdOf } from '../../platform/http/device-id';
import { isLoopback } from '../../platform/http/loopback';
import { listDevPushOutbox } from '../../platform/push/dev-outbox';
import { runPushRound } from './push-jobs';
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
    registerDevPushRound(app);
  }
}

/** How far from the server's own time a development round may be run (a week and a day). */
export const DEV_ROUND_REACH_S = 8 * 86_400;
const ZDevRound = z.object({ at: z.number().int() });

/**
 * POST /dev/push-round {at}: one push round (plan, claim, send) as if it were `at` (Unix
 * seconds), so a test sees the reminder at a chosen time at any hour (the "faked time" of issue
 * 42). It moves no clock: the server's clock, the tokens, the other workers and the 30 s rounds
 * keep the real time; only this one round reads `at`. Exists only with the development outbox
 * (never with a real push channel), answers this machine only (checked here as well as by the
 * /dev/ guard), and only within DEV_ROUND_REACH_S of the real time.
 */
function registerDevPushRound(app: FastifyInstance): void {
  app.post('/dev/push-round', { schema: { hide: true } }, async (request) => {
    if (!app.deps.config.devAdaptersOpen && !isLoopback(request.ip)) {
      throw new AppError(ErrorCode.RouteNotFound);
    }
    const parsed = ZDevRound.safeParse(request.body);
    const real = app.deps.clock.now();
    if (!parsed.success || Math.abs(parsed.data.at - real.getTime() / 1000) > DEV_ROUND_REACH_S) {
      throw new AppError(ErrorCode.InvalidParams, `at: Unix seconds within ${DEV_ROUND_REACH_S} s`);
    }
    const at = new Date(parsed.data.at * 1000);
    const round = await runPushRound({ ...app.deps, clock: { now: () => at } }, app.log);
    return { code: 0, msg: 'ok', data: round };
  });
}
