import { ErrorCode, type TPointsTask } from '@picbook/contracts';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { users } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { unixSeconds } from '../../platform/time';
import { ensureInviteCode } from '../user/invite-code';
import { loadWorkUsers } from '../works/work-users';
import { requireMember } from './members';
import { listTasks } from './tasks';

const registeredInvitee = and(isNotNull(users.invitedBy), eq(users.isGuest, false));
/** At most this many invitees are listed (the count is exact). */
const INVITEES_SHOWN = 100;

/**
 * GET invitation/invitees: my invite code and the friends who registered with it, shown like
 * rankings show children (nickname and avatar only).
 */
export async function listInvitees(deps: AppDeps, log: FastifyBaseLogger, userId: number) {
  await requireMember(deps.db, userId);
  const [code, rows, count, tasks] = await Promise.all([
    ensureInviteCode(deps, userId),
    deps.db
      .select({ id: users.id, createdAt: users.createdAt })
      .from(users)
      .where(and(eq(users.invitedBy, userId), eq(users.isGuest, false)))
      .orderBy(desc(users.createdAt))
      .limit(INVITEES_SHOWN),
    deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.invitedBy, userId), eq(users.isGuest, false))),
    listTasks(deps, log, userId),
  ]);
  const people = await loadWorkUsers(
    deps.db,
    log,
    rows.map((r) => r.id),
  );
  const invite = tasks.find((t: TPointsTask) => t.id === 'invite');
  return {
    invite_code: code,
    points_per_invite: invite?.points ?? 0,
    total: count[0]?.n ?? 0,
    list: rows.map((r) => ({
      nickname: people.get(r.id)?.nickname || '新朋友',
      avatar: people.get(r.id)?.avatar ?? '',
      time: unixSeconds(r.createdAt),
    })),
  };
}

/**
 * GET invitation/ranks: who brought most registered friends (ties: who reached the count first,
 * then the lower id), the first `rankLen`, and my place.
 */
export async function inviteRanks(
  deps: AppDeps,
  log: FastifyBaseLogger,
  userId: number,
  rankLen: number,
) {
  if (rankLen < 1) throw new AppError(ErrorCode.InvalidParams, 'rank_len 至少为1');
  const counted = deps.db
    .select({
      inviter: users.invitedBy,
      count: sql<number>`count(*)::int`.as('count'),
      last: sql<Date>`max(${users.createdAt})`.as('last'),
    })
    .from(users)
    .where(registeredInvitee)
    .groupBy(users.invitedBy)
    .as('counted');
  const top = await deps.db
    .select({ inviter: counted.inviter, count: counted.count })
    .from(counted)
    .orderBy(desc(counted.count), counted.last, counted.inviter)
    .limit(rankLen);
  const mineRows = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.invitedBy, userId), eq(users.isGuest, false)));
  const mine = mineRows[0]?.n ?? 0;
  let rank: number | null = null;
  if (mine > 0) {
    const listed = top.findIndex((r) => r.inviter === userId);
    if (listed >= 0) rank = listed + 1;
    else {
      const ahead = await deps.db
        .select({ n: sql<number>`count(*)::int` })
        .from(counted)
        .where(sql`${counted.count} > ${mine}`);
      rank = (ahead[0]?.n ?? 0) + 1;
    }
  }
  const people = await loadWorkUsers(
    deps.db,
    log,
    top.map((r) => r.inviter ?? 0),
  );
  return {
    list: top.map((r, i) => ({
      rank: i + 1,
      nickname: people.get(r.inviter ?? 0)?.nickname || '绘本岛家长',
      avatar: people.get(r.inviter ?? 0)?.avatar ?? '',
      count: r.count,
      is_me: r.inviter === userId,
    })),
    mine: { rank, count: mine },
  };
}
