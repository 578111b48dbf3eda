import type { TOrder, TUserInfo } from '@picbook/contracts';
import { ORDER_CHECK_RETRY_DELAYS_MS } from '@picbook/domain';

/** Spec §4 order check: initial → pending → success, exception or error. */
export type OrderCheckState = 'initial' | 'pending' | 'success' | 'exception' | 'error';

export interface OrderCheckResult {
  state: OrderCheckState;
  order: TOrder | null;
}

export interface OrderCheckDeps {
  /** GET /api/v1/order/{id}. */
  fetchOrder(id: string): Promise<TOrder>;
  /** Reloads user info and answers it (the right must be there after a refresh). */
  refreshUser(): Promise<TUserInfo | null>;
  sleep(ms: number): Promise<void>;
  /** Error reporting: an exception at the end of the check is reported (§8). */
  report(order: TOrder | null): void;
}

/** The order's right is in the refreshed user info and still running. */
export function hasRight(user: TUserInfo | null, rightName: string, nowS: number): boolean {
  return Boolean(user?.rights.some((r) => r.name === rightName && r.expire_time > nowS));
}

/**
 * The §4 check, retrying at 1, 3 and 5 s (§9): the order is looked at, then again after each
 * wait, until it is fulfilled and — after a refresh of user info — its right is there (success).
 * A closed or refunded order ends the check (exception, shown as what it is); still waiting after
 * the last retry is an exception, reported; a failing order call is an error.
 */
export async function checkOrder(id: string, deps: OrderCheckDeps): Promise<OrderCheckResult> {
  let order: TOrder | null = null;
  for (let attempt = 0; attempt <= ORDER_CHECK_RETRY_DELAYS_MS.length; attempt++) {
    if (attempt > 0) await deps.sleep(ORDER_CHECK_RETRY_DELAYS_MS[attempt - 1] ?? 0);
    try {
      order = await deps.fetchOrder(id);
    } catch {
      return { state: 'error', order };
    }
    if (order.status === 'closed' || order.status === 'refunded') {
      return { state: 'exception', order };
    }
    if (order.status === 'fulfilled') {
      const user = await deps.refreshUser().catch(() => null);
      if (hasRight(user, order.right_name, Math.floor(Date.now() / 1000))) {
        return { state: 'success', order };
      }
    }
  }
  deps.report(order);
  return { state: 'exception', order };
}
