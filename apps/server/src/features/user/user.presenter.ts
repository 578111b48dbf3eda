import type { TChild, TRight, TUserInfo } from '@picbook/contracts';
import { childAge, isLifetimeExpiry, VIP_RIGHTS } from '@picbook/domain';
import type { userBalances, userRights } from '../../platform/db/schema';
import { chinaDate } from '../../platform/time';
import type { ChildRow, UserRow } from './user.queries';

const DAY_MS = 86_400_000;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** Days since registration, counting the registration day as day 1 (China time, +8). */
export function registrationDays(createdAt: Date, now: Date): number {
  const offset = 8 * 3600 * 1000;
  const startDay = Math.floor((createdAt.getTime() + offset) / DAY_MS);
  const today = Math.floor((now.getTime() + offset) / DAY_MS);
  return Math.max(1, today - startDay + 1);
}

/** 13800138000 → 138****8000; short numbers keep their first and last two digits. */
export function maskPhone(mobile: string | null): string {
  if (!mobile) return '';
  if (mobile.length >= 11) return `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
  if (mobile.length <= 4) return '*'.repeat(mobile.length);
  return `${mobile.slice(0, 2)}${'*'.repeat(mobile.length - 4)}${mobile.slice(-2)}`;
}

export function presentChild(child: ChildRow, now: Date): TChild {
  return {
    id: child.id,
    nickname: child.nickname,
    birthday: child.birthday,
    gender: child.gender,
    age: childAge(child.birthday, chinaDate(now)),
    avatar: child.avatar,
    region: child.region,
  };
}

export function presentRight(right: typeof userRights.$inferSelect, now: Date): TRight {
  return {
    name: right.name,
    vip_type: right.vipType,
    expire_duration: Math.max(0, seconds(right.expireTime) - seconds(now)),
    expire_time: seconds(right.expireTime),
    create_time: seconds(right.createTime),
  };
}

export interface UserParts {
  user: UserRow;
  children: ChildRow[];
  rights: Array<typeof userRights.$inferSelect>;
  balances: typeof userBalances.$inferSelect | null;
  bindings: string[];
  /** Finished learning by kind (decision 028). */
  learning: { major: number; minor: number; booksRead: number; runs: number };
  /** Fulfilled (not refunded) orders, oldest first. */
  purchases: Array<{ productId: string; paidAt: Date | null }>;
}

/** buy_info: what the account has bought, and whether it holds a lifetime VIP. */
export function presentBuyInfo(
  purchases: UserParts['purchases'],
  rights: Array<typeof userRights.$inferSelect>,
  now: Date,
): TUserInfo['buy_info'] {
  const times = purchases.map((p) => p.paidAt).filter((t): t is Date => t !== null);
  const last = purchases[purchases.length - 1];
  const lifeVip = rights.some(
    (r) =>
      (VIP_RIGHTS as readonly string[]).includes(r.name) &&
      r.expireTime.getTime() > now.getTime() &&
      isLifetimeExpiry(r.expireTime),
  );
  return {
    paid_count: purchases.length,
    first_paid_time: times[0] ? seconds(times[0]) : null,
    last_paid_time: times.length > 0 ? seconds(times[times.length - 1] as Date) : null,
    last_product_id: last?.productId ?? null,
    life_vip: lifeVip ? 1 : 0,
  };
}

/** The user info document of the spec from the rows that make it up. */
export function presentUser(parts: UserParts, now: Date): TUserInfo {
  const { user } = parts;
  const rights = parts.rights.map((r) => presentRight(r, now));
  const vipRights = rights.filter(
    (r) => (VIP_RIGHTS as readonly string[]).includes(r.name) && r.expire_duration > 0,
  );
  const vipExpire = vipRights.reduce((max, r) => Math.max(max, r.expire_time), 0);
  return {
    id: user.id,
    is_guest: user.isGuest,
    is_first_login: user.loginCount <= 1,
    vip: vipRights.length > 0 ? 1 : 0,
    vip_expire_time: vipExpire,
    vip_expire_duration: vipExpire > 0 ? Math.max(0, vipExpire - seconds(now)) : 0,
    reg_days: registrationDays(user.createdAt, now),
    level: user.level,
    phone: maskPhone(user.phoneMobile),
    done_courses: parts.learning.major + parts.learning.minor,
    learning_records: {
      sp_intensive: parts.learning.major,
      sp_intensive_optional: parts.learning.minor,
      sp_extensive: parts.learning.booksRead,
      sp_extensive_optional: parts.learning.runs,
      // Level tests and trial camps are not built yet: nothing to count.
      lp_intensive: 0,
      lp_challenge: 0,
      exp_intensive: 0,
      exp_challenge: 0,
    },
    rights,
    coins: parts.balances?.coins ?? 0,
    credits: parts.balances?.credits ?? 0,
    diamonds: parts.balances?.diamonds ?? 0,
    paid: [...new Set(parts.purchases.map((p) => p.productId))],
    buy_info: presentBuyInfo(parts.purchases, parts.rights, now),
    children: parts.children.map((c) => presentChild(c, now)),
    nation_code: user.phoneNationCode ?? '',
    has_password: user.passwordHash !== null,
    bindings: parts.bindings,
    guardian_consent: user.guardianConsentAt !== null,
    notifications: user.notificationMask,
    geo: { province_id: null },
  };
}
