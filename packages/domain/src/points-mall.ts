/**
 * Rules of the points mall (learning-content §2 points screens, §3 points store, §4 goods
 * exchange check, §9 fake stock, toast, rank length, record page size). The server applies them
 * to real balances and stock; the web uses the same numbers for what it shows.
 */

/** §9: the points-mall toast stays 2000 ms. */
export const POINTS_TOAST_MS = 2000;
/** §9: record page size 10, first page 1. */
export const POINTS_RECORD_PAGE_SIZE = 10;
/** §9: default rank length 20 (invitation ranks). */
export const INVITE_RANK_LEN = 20;

/** GET /points/record transaction_type: 0 everything, 1 what came in, 2 what went out. */
export const TRANSACTION_TYPES = { all: 0, income: 1, expense: 2 } as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[keyof typeof TRANSACTION_TYPES];

/** §9: the marketing stock display: total 421, remaining 421 minus up to 362 by time of day. */
export const FAKE_STOCK_TOTAL = 421;
export const FAKE_STOCK_MAX_DROP = 362;
const DAY_S = 86_400;
const CHINA_OFFSET_S = 8 * 3600;

/**
 * The marketing number of §9 at `unixSeconds`: the day (China time) starts at 421 left and falls
 * linearly to 421 − 362 = 59 just before midnight. It is only ever a display: `realStock` caps it,
 * so it never shows more than is really there, and 0 real stock always shows 0 (sold out).
 */
export function fakeStock(
  unixSeconds: number,
  realStock: number,
): { total: number; remaining: number } {
  const secondOfDay = (((unixSeconds + CHINA_OFFSET_S) % DAY_S) + DAY_S) % DAY_S;
  const drop = Math.floor((FAKE_STOCK_MAX_DROP * secondOfDay) / DAY_S);
  const marketing = FAKE_STOCK_TOTAL - drop;
  return { total: FAKE_STOCK_TOTAL, remaining: Math.max(0, Math.min(marketing, realStock)) };
}

/** Points of each day of a 7-day sign-in streak (day 8 starts the week again). */
export const DEFAULT_SIGN_IN_POINTS = [5, 5, 10, 10, 15, 15, 30] as const;

/**
 * The streak after signing in on `today`: one more than yesterday's when the last sign-in was
 * yesterday, else 1 (a missed day starts again). Dates are YYYY-MM-DD (China).
 */
export function nextStreak(last: { day: string; streak: number } | null, today: string): number {
  if (!last) return 1;
  if (last.day === today) return last.streak;
  return last.day === previousDay(today) ? last.streak + 1 : 1;
}

/** Points for the `streak`-th consecutive day (1-based), cycling through the week's schedule. */
export function signInPoints(streak: number, schedule: readonly number[]): number {
  if (schedule.length === 0) return 0;
  const index = (Math.max(1, Math.floor(streak)) - 1) % schedule.length;
  return schedule[index] ?? 0;
}

/** Day `streak` of the week's cycle (1–7). */
export const weekDayOfStreak = (streak: number, length: number): number =>
  ((Math.max(1, Math.floor(streak)) - 1) % Math.max(1, length)) + 1;

/** YYYY-MM-DD of the day before. */
export function previousDay(day: string): string {
  return shiftDay(day, -1);
}

export function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * §4 goods exchange check: success on code 0; fail on 10019 (not enough points) and 10025 (out of
 * stock), shown with their message; a failure of the call itself (network, timeout, server
 * fault, too many requests) is retried at 1, 3 and 5 s — safe, because the exchange carries a
 * request id — and ends in error after the retries. Other refusals (the goods went off the
 * shelf, a bad address) cannot change by retrying: error at once.
 */
export type ExchangeVerdict = 'success' | 'fail' | 'retry' | 'error';
export const EXCHANGE_FAIL_CODES: readonly number[] = [10019, 10025];
/** §9: retries at 1, 3 and 5 seconds (the same as the order check). */
export const EXCHANGE_RETRY_DELAYS_MS = [1000, 3000, 5000] as const;

const isTransient = (code: number) =>
  code <= 0 || code === 408 || code === 10000 || code === 10429 || (code >= 500 && code < 600);

export function exchangeVerdict(code: number): ExchangeVerdict {
  if (code === 0) return 'success';
  if (EXCHANGE_FAIL_CODES.includes(code)) return 'fail';
  return isTransient(code) ? 'retry' : 'error';
}

/** Goods fulfilment (`full_method`): 1 sent by post to an address, 2 virtual, delivered at once. */
export const FULL_METHOD = { delivery: 1, virtual: 2 } as const;

/** Order states of the points mall. */
export const ORDER_STATUS = { placed: 1, shipped: 2, done: 3, cancelled: 4 } as const;
export type PointsOrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

/** A family may cancel an order until it is shipped; virtual goods are delivered at once. */
export const canCancelOrder = (status: number): boolean => status === ORDER_STATUS.placed;

/** Task states (§3 missions): 0 open, 1 finished and waiting to be collected, 2 collected. */
export const TASK_STATUS = { open: 0, finished: 1, collected: 2 } as const;

/** How many rewards a task's events earned in its period (an "each" task: one per `target`). */
const rewardsEarned = (kind: 'daily' | 'once' | 'each', progress: number, target: number) =>
  kind === 'each' ? Math.floor(progress / Math.max(1, target)) : progress >= target ? 1 : 0;

/**
 * The claim periods a task's events earned: the China `day` for a daily task, `once`, or for an
 * "each" task the number of every reward so far, '1' … n. Taken from the event count alone, never
 * from a count of claims (which a concurrent collect may have moved), so no period is ever past
 * the events; the claims' unique key makes each period pay once.
 */
export function taskPeriods(
  kind: 'daily' | 'once' | 'each',
  progress: number,
  target: number,
  day: string,
): string[] {
  const earned = rewardsEarned(kind, progress, target);
  if (kind === 'each') return Array.from({ length: earned }, (_, i) => String(i + 1));
  if (earned === 0) return [];
  return [kind === 'daily' ? day : 'once'];
}

/**
 * A task's state from how often its event happened in its period and how many rewards were
 * collected: `claimable` rewards are waiting (an "each" task pays once per event).
 */
export function taskState(
  kind: 'daily' | 'once' | 'each',
  progress: number,
  target: number,
  collected: number,
): { status: number; claimable: number } {
  const claimable = Math.max(0, rewardsEarned(kind, progress, target) - collected);
  if (claimable > 0) return { status: TASK_STATUS.finished, claimable };
  // An "each" task stays open for the next event once everything so far is collected.
  if (kind !== 'each' && collected > 0) return { status: TASK_STATUS.collected, claimable: 0 };
  return { status: TASK_STATUS.open, claimable: 0 };
}

/** CN mobile numbers for delivery: 11 digits starting with 1. */
export const isDeliveryPhone = (phone: string): boolean => /^1\d{10}$/.test(phone);

/** Address field limits (characters). */
export const ADDRESS_LIMITS = { name: 20, street: 80, streetMin: 4, perUser: 20 } as const;

/** Checks an address form; answers the first problem as a field and a Chinese message. */
export function checkAddress(input: {
  name: string;
  phone: string;
  street: string;
}): { field: 'name' | 'phone' | 'street'; message: string } | null {
  const name = input.name.trim();
  if (!name) return { field: 'name', message: '请填写收货人姓名' };
  if ([...name].length > ADDRESS_LIMITS.name)
    return { field: 'name', message: `收货人姓名不能超过${ADDRESS_LIMITS.name}个字` };
  const phone = input.phone.trim();
  if (!phone) return { field: 'phone', message: '请填写手机号' };
  if (!isDeliveryPhone(phone)) return { field: 'phone', message: '请输入正确的11位手机号' };
  const street = input.street.trim();
  if ([...street].length < ADDRESS_LIMITS.streetMin)
    return { field: 'street', message: '请填写详细地址（街道、门牌号）' };
  if ([...street].length > ADDRESS_LIMITS.street)
    return { field: 'street', message: `详细地址不能超过${ADDRESS_LIMITS.street}个字` };
  return null;
}
