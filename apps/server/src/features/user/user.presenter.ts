import type { TUserInfo } from '@picbook/contracts';
import type { users } from '../../platform/db/schema';

type UserRow = typeof users.$inferSelect;

const DAY_MS = 86_400_000;

/** Days since registration, counting the registration day as day 1 (server time zone +8). */
export function registrationDays(createdAt: Date, now: Date): number {
  const offset = 8 * 3600 * 1000;
  const startDay = Math.floor((createdAt.getTime() + offset) / DAY_MS);
  const today = Math.floor((now.getTime() + offset) / DAY_MS);
  return Math.max(1, today - startDay + 1);
}

/**
 * The user info document. Rights, balances, children and learning progress are filled in by
 * their own features as those land; until then a new account truly has none of them.
 */
export function presentUser(user: UserRow, now: Date): TUserInfo {
  return {
    id: user.id,
    is_guest: user.isGuest,
    is_first_login: user.loginCount <= 1,
    vip: 0,
    vip_expire_time: 0,
    vip_expire_duration: 0,
    reg_days: registrationDays(user.createdAt, now),
    level: 1,
    phone: '',
    done_courses: 0,
    rights: [],
    coins: 0,
    credits: 0,
    diamonds: 0,
    paid: [],
    children: [],
  };
}
