import type { TUserInfo } from '@picbook/contracts';
import { notLoggedIn } from '../../platform/auth/session';
import type { DbOrTx } from '../../platform/db/client';
import { createOrderQueries } from '../store/orders.queries';
import { createPlanQueries } from '../study-plan/plan.queries';
import { presentUser } from './user.presenter';
import { createUserQueries } from './user.queries';

/** Everything GET /api/v1/user shows, read in parallel. */
export async function loadUserInfo(db: DbOrTx, userId: number, now: Date): Promise<TUserInfo> {
  const q = createUserQueries(db);
  const plan = createPlanQueries(db);
  const [user, children, rights, balances, bindings, courses, library, purchases] =
    await Promise.all([
      q.findById(userId),
      q.listChildren(userId),
      q.listRights(userId),
      q.findBalances(userId),
      q.listBindings(userId),
      plan.finishedCounts(userId),
      plan.libraryCounts(userId),
      createOrderQueries(db).fulfilledOf(userId),
    ]);
  if (!user) throw notLoggedIn();
  return presentUser(
    {
      user,
      children,
      rights,
      balances,
      bindings: bindings.map((b) => b.family),
      learning: { ...courses, ...library },
      purchases,
    },
    now,
  );
}
