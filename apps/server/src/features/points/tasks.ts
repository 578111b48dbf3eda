import { ErrorCode, type TPointsTask } from '@picbook/contracts';
import { TASK_STATUS, taskPeriods, taskState } from '@picbook/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { requireMember } from '../../platform/auth/require-member';
import type { DbOrTx } from '../../platform/db/client';
import { pointsTaskClaims } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { postInTransaction, readBalances } from '../../platform/ledger/ledger';
import { chinaDay } from '../../platform/time';
import { loadConfigs } from '../configs';
import { type DayWindow, findTaskSource, TASK_SOURCES, type TaskSource } from '../missions';

type Day = DayWindow & { day: string };

/** The claim period of a task: the day for daily tasks, `once`, or the n-th event (each). */
const periodFilter = (task: TaskSource, day: string) =>
  task.kind === 'daily'
    ? eq(pointsTaskClaims.period, day)
    : task.kind === 'once'
      ? eq(pointsTaskClaims.period, 'once')
      : sql`true`;

async function collectedCount(db: DbOrTx, userId: number, task: TaskSource, day: string) {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(pointsTaskClaims)
    .where(
      and(
        eq(pointsTaskClaims.userId, userId),
        eq(pointsTaskClaims.taskId, task.id),
        periodFilter(task, day),
      ),
    );
  return rows[0]?.n ?? 0;
}

/** How often the task's event happened (its progress) and how many rewards were collected. */
async function countsOf(db: DbOrTx, userId: number, task: TaskSource, day: Day) {
  const [progress, collected] = await Promise.all([
    task.count(db, userId, day),
    collectedCount(db, userId, task, day.day),
  ]);
  return { progress, collected, state: taskState(task.kind, progress, task.target, collected) };
}

async function taskOf(
  db: DbOrTx,
  userId: number,
  task: TaskSource,
  points: number,
  day: Day,
): Promise<TPointsTask> {
  const { progress, state } = await countsOf(db, userId, task, day);
  return {
    id: task.id,
    title: task.title,
    desc: task.desc,
    type: task.kind,
    // What the family sees: today's count, or for a one-off the events so far.
    progress: task.kind === 'each' ? progress : Math.min(progress, task.target),
    target: task.target,
    points,
    status: state.status,
    claimable: state.claimable,
    link: task.link,
  };
}

async function taskPoints(deps: AppDeps, log: FastifyBaseLogger) {
  const configured = (await loadConfigs(deps.db, log)).points_rules.task_points;
  return (task: TaskSource) => configured[task.id] ?? task.points;
}

/** GET points_mall/missions: every task with its progress and state. */
export async function listTasks(
  deps: AppDeps,
  log: FastifyBaseLogger,
  userId: number,
): Promise<TPointsTask[]> {
  const pointsOf = await taskPoints(deps, log);
  const day = chinaDay(deps.clock.now());
  return Promise.all(TASK_SOURCES.map((t) => taskOf(deps.db, userId, t, pointsOf(t), day)));
}

/**
 * POST points_mall/points/receive: collects what a task has waiting. Each reward is a claim row
 * (user, task, period) inserted with ON CONFLICT DO NOTHING — a concurrent collect of the same
 * reward waits for this one and then inserts nothing — and the ledger posting with the same key
 * is the last guard; the points and the claim commit together. The periods come from the event
 * count alone (`taskPeriods`): a count of claims read here may be older or newer than another
 * collect's, and periods computed from it could run past the events (issue 35).
 */
export async function receiveTask(
  deps: AppDeps,
  log: FastifyBaseLogger,
  userId: number,
  taskId: string,
) {
  await requireMember(deps.db, userId);
  const task = findTaskSource(taskId);
  if (!task) throw new AppError(ErrorCode.RecordNotFound, '任务不存在');
  const points = (await taskPoints(deps, log))(task);
  const day = chinaDay(deps.clock.now());
  const { progress, state } = await countsOf(deps.db, userId, task, day);
  if (state.claimable === 0) {
    if (state.status === TASK_STATUS.collected) {
      throw new AppError(ErrorCode.AlreadyReceived, '这个任务的积分已经领过啦');
    }
    throw new AppError(ErrorCode.NotAllowed, '任务还没完成哦，完成后再来领积分吧');
  }
  const earned = taskPeriods(task.kind, progress, task.target, day.day);
  const claimed = await deps.db.transaction(async (tx) => {
    // Every earned period, in ascending order as every collect inserts them (two collects never
    // wait on each other in a cycle); the claimed ones conflict and are skipped.
    const inserted = await tx
      .insert(pointsTaskClaims)
      .values(
        earned.map((period) => ({ userId, taskId, period, points, claimedAt: deps.clock.now() })),
      )
      .onConflictDoNothing()
      .returning({ period: pointsTaskClaims.period });
    for (const row of inserted) {
      await postInTransaction(tx, {
        userId,
        idempotencyKey: `points-task:${userId}:${taskId}:${row.period}`,
        reason: `points-task:${taskId}`,
        lines: [{ currency: 'points', delta: points }],
      });
    }
    return inserted.length;
  });
  if (claimed === 0) throw new AppError(ErrorCode.AlreadyReceived, '这个任务的积分已经领过啦');
  const [balances, after] = await Promise.all([
    readBalances(deps.db, userId),
    taskOf(deps.db, userId, task, points, day),
  ]);
  return { id: taskId, received: claimed * points, points: balances.points, task: after };
}
