import { ErrorCode } from '@picbook/contracts';
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { pushJobs, pushSubscriptions, users } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { defineOperatorAction } from '../../platform/ops/operator-action';
import { defineOperatorView } from '../../platform/ops/operator-view';
import { unixSeconds } from '../../platform/time';
import { enqueuePush } from './push-jobs';

const DAY_MS = 86_400_000;

/**
 * What the push channel sent (decision 100): per kind over the last days, how many jobs were
 * sent, skipped (turned off, studied, no device), waiting or dead, and how many deliveries
 * reached a device or failed; the devices subscribed; the latest jobs with their errors.
 */
export const pushDeliveriesView = defineOperatorView({
  name: 'push.deliveries',
  summary:
    'Pushes sent, delivered and failed (reminders, weekly reports, tests) and the latest jobs',
  roles: ['support'],
  input: z.object({ days: z.number().int().min(1).max(90).default(7) }),
  async read({ deps, input, now }) {
    const since = new Date(now.getTime() - input.days * DAY_MS);
    const [byKind, devices, latest] = await Promise.all([
      deps.db
        .select({
          kind: pushJobs.kind,
          status: pushJobs.status,
          jobs: count(),
          delivered: sql<number>`coalesce(sum(${pushJobs.delivered}), 0)::int`,
          failed: sql<number>`coalesce(sum(${pushJobs.failed}), 0)::int`,
        })
        .from(pushJobs)
        .where(gte(pushJobs.createdAt, since))
        .groupBy(pushJobs.kind, pushJobs.status)
        .orderBy(pushJobs.kind, pushJobs.status),
      deps.db
        .select({ kind: pushSubscriptions.kind, n: count() })
        .from(pushSubscriptions)
        .groupBy(pushSubscriptions.kind),
      deps.db.select().from(pushJobs).orderBy(desc(pushJobs.id)).limit(30),
    ]);
    return {
      result: {
        channel: deps.push.name,
        days: input.days,
        summary: byKind.map((r) => ({
          kind: r.kind,
          status: r.status,
          jobs: r.jobs,
          delivered: Number(r.delivered),
          failed: Number(r.failed),
        })),
        devices: Object.fromEntries(devices.map((d) => [d.kind, d.n])),
        latest: latest.map((j) => ({
          id: j.id,
          user_id: j.userId,
          kind: j.kind,
          title: j.payload.title,
          status: j.status,
          attempts: j.attempts,
          delivered: j.delivered,
          failed: j.failed,
          error: j.lastError,
          created_time: unixSeconds(j.createdAt),
          finished_time: j.finishedAt ? unixSeconds(j.finishedAt) : null,
        })),
      },
    };
  },
});

/**
 * Sends a test push to the devices of one account (an operator's own family account): queued as
 * a job like every push, so it takes the same path — the worker delivers it within half a minute
 * and the deliveries view shows the outcome.
 */
export const sendTestPushAction = defineOperatorAction({
  name: 'push.sendTest',
  summary: 'Send a test push to the devices of an account (your own family account)',
  roles: ['support'],
  needsReason: true,
  input: z.object({
    user_id: z.number().int().min(1),
    text: z.string().trim().min(1).max(80).default('这是一条测试通知'),
  }),
  async run({ tx, input, now }) {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.user_id));
    if (!user) throw new AppError(ErrorCode.RecordNotFound, `account ${input.user_id} not found`);
    const [devices] = await tx
      .select({ n: count() })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, input.user_id)));
    if (!devices || devices.n === 0) {
      throw new AppError(
        ErrorCode.RecordNotFound,
        `account ${input.user_id} has no device with notifications on`,
      );
    }
    await enqueuePush(tx, {
      userId: input.user_id,
      kind: 'test',
      dedupeKey: `test:${now.getTime()}`,
      payload: { title: 'PicBook 测试通知', body: input.text, url: '/parents/center' },
      runAt: now,
    });
    return {
      result: { queued: true, devices: devices.n },
      target: `user:${input.user_id}`,
    };
  },
});
