import {
  chinaClock,
  inQuietWindow,
  PUSH_LEASE_SECONDS,
  PUSH_MAX_ATTEMPTS,
  pushRetryDelaySeconds,
  REMINDER_LATE_MIN,
  reminderVerdict,
  wasActive,
  weeklyReportDue,
  weeklySummaryText,
} from '@picbook/domain';
import { and, asc, eq, inArray, lte, notExists, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type DbOrTx, queryRows } from '../../platform/db/client';
import { children, learnSettings, pushJobs, pushSubscriptions } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import type { PushMessage } from '../../platform/push/types';
import { chinaDate, chinaDay, unixSeconds } from '../../platform/time';
import {
  activeFamiliesBetween,
  activityBetween,
  bestRecordingBetween,
  chinaWeek,
} from '../reports';

export type PushJob = typeof pushJobs.$inferSelect;
export type PushJobKind = PushJob['kind'];

/**
 * Puts one push in the job table, once per family and dedupe key (the daily reminder's key is its
 * China day, the weekly report's its Monday): however many processes plan it, one row. Answers
 * whether it was new.
 */
export async function enqueuePush(
  db: DbOrTx,
  job: {
    userId: number;
    kind: PushJobKind;
    dedupeKey: string;
    payload: PushMessage;
    runAt: Date;
    /** A row written already finished (a reminder not needed today), pending otherwise. */
    status?: 'pending' | 'skipped';
    lastError?: string;
    finishedAt?: Date;
  },
): Promise<boolean> {
  const rows = await db
    .insert(pushJobs)
    .values({ status: 'pending', ...job })
    .onConflictDoNothing({ target: [pushJobs.userId, pushJobs.dedupeKey] })
    .returning({ id: pushJobs.id });
  return rows.length > 0;
}

/**
 * Claims up to `limit` due jobs for this process: one statement that locks the due rows it can
 * (FOR UPDATE SKIP LOCKED: rows another process holds are passed over, never waited for), counts
 * the attempt and moves run_at a lease ahead, so a process that dies mid-send hands the job back
 * after the lease. Works on PGlite and PostgreSQL alike.
 */
export async function claimPushJobs(db: DbOrTx, now: Date, limit = 20): Promise<PushJob[]> {
  const due = db
    .select({ id: pushJobs.id })
    .from(pushJobs)
    .where(and(eq(pushJobs.status, 'pending'), lte(pushJobs.runAt, now)))
    .orderBy(asc(pushJobs.runAt), asc(pushJobs.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(pushJobs)
    .set({
      attempts: sql`${pushJobs.attempts} + 1`,
      runAt: new Date(now.getTime() + PUSH_LEASE_SECONDS * 1000),
    })
    .where(inArray(pushJobs.id, due))
    .returning();
}

const REMINDER_TITLE = '该读绘本啦';
/** The reminder's text after the child's nickname. */
const REMINDER_BODY_TAIL = '今天还没有学习，来读一本绘本、学一节课吧！';
const DEFAULT_NICKNAME = '宝贝';

async function nicknameOf(db: DbOrTx, userId: number): Promise<string> {
  const [child] = await db
    .select({ nickname: children.nickname })
    .from(children)
    .where(eq(children.userId, userId))
    .orderBy(asc(children.id))
    .limit(1);
  return child?.nickname || DEFAULT_NICKNAME;
}

/** Whether the child learned anything on today's China day (the learning report's figures). */
async function studiedToday(db: DbOrTx, userId: number, now: Date): Promise<boolean> {
  const today = chinaDay(now);
  return wasActive(await activityBetween(db, userId, today.from, today.to));
}

/** Why a reminder planned earlier is no longer sent (turned off, studied since …), or null. */
async function reminderStillDue(db: DbOrTx, job: PushJob, now: Date): Promise<string | null> {
  const [setting] = await db
    .select()
    .from(learnSettings)
    .where(eq(learnSettings.userId, job.userId))
    .limit(1);
  const verdict = reminderVerdict({
    now: unixSeconds(now),
    reminderTime: setting?.reminderTime ?? null,
    studyDays: setting?.studyDays ?? [],
    studiedToday: await studiedToday(db, job.userId, now),
    lastSentDay: null,
  });
  if (job.dedupeKey !== `reminder:${chinaDate(now)}`) return 'late';
  return verdict === 'due' ? null : verdict;
}

/** Minute of day → "HH:MM" (the learn setting's reminder_time spelling). */
const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/**
 * Plans the pushes due at `now`: the daily reminder for each family whose reminder is due, and on
 * Sunday evening the weekly report for each subscribed family whose child was active this week.
 * Idempotent (dedupe keys). Reads only the families due now (decision 104): none in the quiet
 * window, else the reminder times of the last REMINDER_LATE_MIN minutes (an index on
 * reminder_time) on today's study day, with a device, not yet planned today.
 */
export async function planPushes(db: DbOrTx, now: Date): Promise<number> {
  const nowS = unixSeconds(now);
  const clock = chinaClock(nowS);
  let planned = 0;
  if (!inQuietWindow(clock.minute)) planned += await planReminders(db, now);
  if (weeklyReportDue(nowS)) planned += await planWeeklyReports(db, now);
  return planned;
}

/**
 * The day's reminders of the families due now, written in one statement (however many are due):
 * a reminder time in the last REMINDER_LATE_MIN minutes (the index on reminder_time), today a
 * study day, a device, none planned today (ON CONFLICT: one row with several processes). Whether
 * the child studied today is asked when the job is sent (reminderStillDue), once per family.
 */
async function planReminders(db: DbOrTx, now: Date): Promise<number> {
  const clock = chinaClock(unixSeconds(now));
  const dedupeKey = `reminder:${clock.day}`;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO push_jobs (user_id, kind, dedupe_key, payload, status, run_at)
      SELECT s.user_id, 'reminder', ${dedupeKey},
        jsonb_build_object(
          'title', ${REMINDER_TITLE}::text,
          'body', coalesce(nullif((SELECT c.nickname FROM children c WHERE c.user_id = s.user_id
            ORDER BY c.id LIMIT 1), ''), ${DEFAULT_NICKNAME}::text) || ${REMINDER_BODY_TAIL}::text,
          'url', '/learning'),
        'pending', ${now.toISOString()}::timestamptz
      FROM learn_settings s
      WHERE s.reminder_time BETWEEN ${hhmm(Math.max(0, clock.minute - REMINDER_LATE_MIN + 1))}
          AND ${hhmm(clock.minute)}
        AND s.study_days @> ${JSON.stringify([clock.weekday])}::jsonb
        AND EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.user_id = s.user_id)
        AND NOT EXISTS (SELECT 1 FROM push_jobs j
          WHERE j.user_id = s.user_id AND j.dedupe_key = ${dedupeKey})
      ON CONFLICT (user_id, dedupe_key) DO NOTHING
      RETURNING id`,
  );
  return rows.length;
}

/**
 * Sunday evening: this week's report (Monday to now) to each subscribed family whose child was
 * active this week and has none yet (the same active families the weekly summary reads).
 */
async function planWeeklyReports(db: DbOrTx, now: Date): Promise<number> {
  const week = chinaWeek(now);
  const dedupeKey = `weekly:${week.monday}`;
  const families = await db
    .selectDistinct({ userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(
      and(
        inArray(pushSubscriptions.userId, activeFamiliesBetween(db, week.from, week.to)),
        notExists(
          db
            .select({ one: sql`1` })
            .from(pushJobs)
            .where(
              and(eq(pushJobs.userId, pushSubscriptions.userId), eq(pushJobs.dedupeKey, dedupeKey)),
            ),
        ),
      ),
    );
  let planned = 0;
  for (const { userId } of families) {
    const activity = await activityBetween(db, userId, week.from, week.to);
    if (!wasActive(activity)) continue;
    const nickname = await nicknameOf(db, userId);
    const best = await bestRecordingBetween(db, userId, week.from, week.to);
    const isNew = await enqueuePush(db, {
      userId,
      kind: 'weekly',
      dedupeKey,
      payload: {
        title: '本周学习报告',
        body: weeklySummaryText(nickname, activity, best),
        url: '/parents/reportList',
      },
      runAt: now,
    });
    if (isNew) planned += 1;
  }
  return planned;
}

export interface DeliveryTally {
  delivered: number;
  failed: number;
  removed: number;
}

/**
 * Sends one claimed job to every device of its family. A reminder is checked again first (turned
 * off, studied since, or too late: skipped). 404/410 subscriptions are removed; a job with
 * failures only is tried again after a backoff, and after the last attempt it stays as a dead
 * record with its error.
 */
export async function deliverPushJob(
  deps: Pick<AppDeps, 'db' | 'push'>,
  job: PushJob,
  now: Date,
): Promise<PushJob['status'] | 'retry'> {
  const { db } = deps;
  const finish = (status: PushJob['status'], set: Partial<PushJob> = {}) =>
    db
      .update(pushJobs)
      .set({ status, finishedAt: now, ...set })
      .where(eq(pushJobs.id, job.id));
  if (job.kind === 'reminder') {
    const reason = await reminderStillDue(db, job, now);
    if (reason) {
      await finish('skipped', { lastError: reason });
      return 'skipped';
    }
  }
  const targets = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, job.userId));
  if (targets.length === 0) {
    await finish('skipped', { lastError: 'no subscribed device' });
    return 'skipped';
  }
  const tally: DeliveryTally = { delivered: 0, failed: 0, removed: 0 };
  const errors: string[] = [];
  for (const target of targets) {
    const outcome = await deps.push.send(target, job.payload).catch(
      (error: unknown) =>
        ({
          status: 'failed',
          error: error instanceof Error ? error.message : String(error),
        }) as const,
    );
    if (outcome.status === 'delivered') {
      tally.delivered += 1;
      await db
        .update(pushSubscriptions)
        .set({ lastDeliveredAt: now })
        .where(eq(pushSubscriptions.id, target.id));
    } else if (outcome.status === 'gone') {
      tally.removed += 1;
      errors.push(outcome.error);
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, target.id));
    } else {
      tally.failed += 1;
      errors.push(outcome.error);
    }
  }
  const lastError = errors.length > 0 ? errors.join('; ').slice(0, 500) : null;
  const counts = {
    delivered: job.delivered + tally.delivered,
    failed: job.failed + tally.failed + tally.removed,
    lastError,
  };
  if (tally.delivered > 0 || tally.failed === 0) {
    // Delivered to a device (or every device was gone: nothing left to try).
    await finish(tally.delivered > 0 ? 'sent' : 'skipped', counts);
    return tally.delivered > 0 ? 'sent' : 'skipped';
  }
  if (job.attempts >= PUSH_MAX_ATTEMPTS) {
    await finish('dead', counts);
    return 'dead';
  }
  await db
    .update(pushJobs)
    .set({
      ...counts,
      runAt: new Date(now.getTime() + pushRetryDelaySeconds(job.attempts) * 1000),
    })
    .where(eq(pushJobs.id, job.id));
  return 'retry';
}

/** One round of this process's push worker: plan what is due, then claim and send. */
export async function runPushRound(
  deps: Pick<AppDeps, 'db' | 'push' | 'clock'>,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<{ planned: number; handled: Array<PushJob['status'] | 'retry'> }> {
  const now = deps.clock.now();
  const planned = await planPushes(deps.db, now);
  const handled: Array<PushJob['status'] | 'retry'> = [];
  for (;;) {
    const jobs = await claimPushJobs(deps.db, now);
    if (jobs.length === 0) break;
    for (const job of jobs) {
      try {
        handled.push(await deliverPushJob(deps, job, now));
      } catch (error) {
        // The lease brings the job back after PUSH_LEASE_SECONDS.
        log?.warn({ err: error, job: job.id }, 'push job failed');
      }
    }
  }
  return { planned, handled };
}

/** Runs the push worker every `everyMs` in a running server (each API process); answers a stop. */
export function startPushScheduler(app: FastifyInstance, everyMs = 30_000): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runPushRound(app.deps, app.log)
      .then(({ planned, handled }) => {
        if (planned > 0 || handled.length > 0) {
          app.log.info({ planned, handled: handled.length }, 'push round');
        }
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'push round failed'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
