import type { TPointsDetail, TPointsRecords } from '@picbook/contracts';
import { pageCount, pageWindow, TRANSACTION_TYPES } from '@picbook/domain';
import { and, desc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ledgerEntries, pointsSignIns } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { readBalances } from '../../platform/ledger/ledger';
import { chinaDay, unixSeconds } from '../../platform/time';
import { findTaskSource } from '../missions';
import { createMallQueries } from './mall.queries';
import { listTasks } from './tasks';

const pointsOf = (userId: number) =>
  and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.currency, 'points'));

/** GET points/detail: the balance, what came in and went out, and what is waiting. */
export async function pointsDetail(
  deps: AppDeps,
  log: FastifyBaseLogger,
  userId: number,
): Promise<TPointsDetail> {
  const now = deps.clock.now();
  const day = chinaDay(now);
  const [balances, sums, signed, tasks, lottery] = await Promise.all([
    readBalances(deps.db, userId),
    deps.db
      .select({
        earned: sql<number>`coalesce(sum(${ledgerEntries.delta}) filter (where ${ledgerEntries.delta} > 0), 0)::int`,
        spent: sql<number>`coalesce(-sum(${ledgerEntries.delta}) filter (where ${ledgerEntries.delta} < 0), 0)::int`,
        today: sql<number>`coalesce(sum(${ledgerEntries.delta}) filter (where ${ledgerEntries.delta} > 0 and ${ledgerEntries.createdAt} >= ${day.from.toISOString()}), 0)::int`,
      })
      .from(ledgerEntries)
      .where(pointsOf(userId)),
    deps.db
      .select({ day: pointsSignIns.day })
      .from(pointsSignIns)
      .where(and(eq(pointsSignIns.userId, userId), eq(pointsSignIns.day, day.day)))
      .limit(1),
    listTasks(deps, log, userId),
    createMallQueries(deps.db).currentLottery(now),
  ]);
  return {
    points: balances.points,
    today_earned: sums[0]?.today ?? 0,
    total_earned: sums[0]?.earned ?? 0,
    total_spent: sums[0]?.spent ?? 0,
    signed_today: signed.length > 0 ? 1 : 0,
    tasks_waiting: tasks.filter((t) => t.claimable > 0).length,
    lottery: lottery ? { id: lottery.id, title: lottery.title } : null,
  };
}

/** What a ledger reason means to a parent; orders are named by their goods. */
function recordTitle(reason: string, orderTitles: Map<number, string>): string {
  const [kind = '', ref = ''] = reason.split(':');
  switch (kind) {
    case 'points-sign':
      return '每日签到';
    case 'points-task':
      return `任务奖励 · ${findTaskSource(ref)?.title ?? '学习任务'}`;
    case 'points-exchange':
      return `兑换 · ${orderTitles.get(Number(ref)) ?? '商品'}`;
    case 'points-refund':
      return `取消兑换退回 · ${orderTitles.get(Number(ref)) ?? '商品'}`;
    case 'lottery-prize':
      return '幸运转盘奖励';
    case 'lottery-chance':
      return '兑换抽奖机会';
    case 'ops-points':
      return '积分调整';
    default:
      return '积分变动';
  }
}

/** GET points/record: the points entries of the ledger, newest first, a page at a time. */
export async function pointsRecords(
  deps: AppDeps,
  userId: number,
  query: { transaction_type: number; page: number; page_size: number },
): Promise<TPointsRecords> {
  const direction =
    query.transaction_type === TRANSACTION_TYPES.income
      ? gt(ledgerEntries.delta, 0)
      : query.transaction_type === TRANSACTION_TYPES.expense
        ? lt(ledgerEntries.delta, 0)
        : gte(ledgerEntries.id, 0);
  const where = and(pointsOf(userId), direction);
  const window = pageWindow(query.page, query.page_size);
  const [rows, count, balances] = await Promise.all([
    deps.db
      .select()
      .from(ledgerEntries)
      .where(where)
      .orderBy(desc(ledgerEntries.id))
      .offset(window.offset)
      .limit(window.limit),
    deps.db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries).where(where),
    readBalances(deps.db, userId),
  ]);
  const orderIds = rows
    .filter((r) => /^points-(exchange|refund):/.test(r.reason))
    .map((r) => Number(r.reason.split(':')[1]));
  const titles = await createMallQueries(deps.db).orderTitles(orderIds);
  const total = count[0]?.n ?? 0;
  return {
    list: rows.map((r) => ({
      id: r.id,
      title: recordTitle(r.reason, titles),
      points: r.delta,
      balance: r.balanceAfter,
      time: unixSeconds(r.createdAt),
    })),
    current_page: query.page,
    page_count: pageCount(total, query.page_size),
    total,
    points: balances.points,
  };
}
