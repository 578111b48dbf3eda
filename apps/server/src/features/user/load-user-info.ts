import type { TUserInfo } from '@picbook/contracts';
import { notLoggedIn } from '../../platform/auth/session';
import { perUserCache } from '../../platform/cache/change-cache';
import type { DbOrTx } from '../../platform/db/client';
import { presentUser } from './user.presenter';
import { createUserQueries } from './user.queries';
import { createUserInfoQueries } from './user-info.queries';

type UserInfoRows = Parameters<typeof presentUser>[0];

/**
 * The tables GET /api/v1/user reads (issue 41): a committed change of any of them for a user drops
 * that user's cached rows on every process (migrations 0018 and 0020, decision 078).
 */
const USER_INFO_TABLES = [
  'users',
  'children',
  'user_rights',
  'user_balances',
  'third_party_bindings',
  'course_progress',
  'courses',
  'reading_progress',
  'works',
  'orders',
] as const;
/** Users whose rows are kept per process: the families who opened the app lately. */
const cachedRows = perUserCache<UserInfoRows>(USER_INFO_TABLES, 20_000);

async function queryUserInfo(db: DbOrTx, userId: number): Promise<UserInfoRows | null> {
  const q = createUserQueries(db);
  const counts = createUserInfoQueries(db);
  const [user, children, rights, balances, bindings, courses, library, purchases] =
    await Promise.all([
      q.findById(userId),
      q.listChildren(userId),
      q.listRights(userId),
      q.findBalances(userId),
      q.listBindings(userId),
      counts.finishedCounts(userId),
      counts.libraryCounts(userId),
      counts.fulfilledOrders(userId),
    ]);
  if (!user) return null;
  return {
    user,
    children,
    rights,
    balances,
    bindings: bindings.map((b) => b.family),
    learning: { ...courses, ...library },
    purchases,
  };
}

/**
 * Everything GET /api/v1/user shows: the rows from this process's cache while the change feed is
 * live (every start of the app asks for them), else read in parallel; presented at `now` (VIP
 * days left, registration days).
 */
export async function loadUserInfo(
  db: DbOrTx,
  userId: number,
  now: Date,
  options: { afterOwnWrite?: boolean } = {},
): Promise<TUserInfo> {
  // Right after this request's own write the feed may not have heard it yet: read it fresh.
  const load = () => queryUserInfo(db, userId);
  const rows = options.afterOwnWrite ? await load() : await cachedRows(db, userId, load);
  if (!rows) throw notLoggedIn();
  return presentUser(rows, now);
}
