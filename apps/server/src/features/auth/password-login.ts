import { ErrorCode, type TLoginResult } from '@picbook/contracts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { isUniqueViolation } from '../../platform/db/errors';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { createUserQueries } from '../user';
import { completeLogin } from './complete-login';
import { callingGuest, registerAccount } from './registration';

const FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Failed password checks allowed per account and per IP in 15 minutes. */
export const PASSWORD_LIMITS = { perAccount: 10, perIp: 30 } as const;

export interface PasswordInput {
  account: string;
  password: string;
  ip: string;
  callerId: number | null;
  deviceId: string;
}

/** Account/password login; unknown account and wrong password get the same answer and timing. */
export async function passwordLogin(deps: AppDeps, input: PasswordInput): Promise<TLoginResult> {
  const account = input.account.trim().toLowerCase();
  const t = deps.clock.now().getTime();
  const accountKey = `pw:acct:${account}`;
  const ipKey = `pw:ip:${input.ip}`;
  const [byAccount, byIp] = await Promise.all([
    deps.rateLimiter.count(accountKey, FAILURE_WINDOW_MS, t),
    deps.rateLimiter.count(ipKey, FAILURE_WINDOW_MS, t),
  ]);
  if (byAccount >= PASSWORD_LIMITS.perAccount || byIp >= PASSWORD_LIMITS.perIp) {
    throw new AppError(ErrorCode.TooManyRequests, '密码错误次数过多，请15分钟后再试');
  }
  const user = await createUserQueries(deps.db).findByAccount(account);
  const ok = await verifyPassword(
    user?.passwordHash ?? (await dummyPasswordHash()),
    input.password.trim(),
  );
  if (!user || !ok) {
    await Promise.all([
      deps.rateLimiter.record(accountKey, FAILURE_WINDOW_MS, t),
      deps.rateLimiter.record(ipKey, FAILURE_WINDOW_MS, t),
    ]);
    throw new AppError(ErrorCode.LoginFailed);
  }
  return completeLogin(deps, user.id, input.deviceId);
}

/** Registration with account and password; a calling guest is upgraded in place. */
export async function registerWithPassword(
  deps: AppDeps,
  input: PasswordInput,
): Promise<TLoginResult> {
  const account = input.account.trim().toLowerCase();
  const q = createUserQueries(deps.db);
  if (await q.findByAccount(account)) throw new AppError(ErrorCode.AccountExists);
  const passwordHash = await hashPassword(input.password.trim());
  const guest = await callingGuest(deps, input.callerId);
  try {
    const user = await registerAccount(deps, guest, { account, passwordHash }, null);
    return completeLogin(deps, user.id, input.deviceId);
  } catch (error) {
    // Two registrations racing for one name: the unique index decides, the loser hears why.
    if (isUniqueViolation(error)) throw new AppError(ErrorCode.AccountExists);
    throw error;
  }
}
