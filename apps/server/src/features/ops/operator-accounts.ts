import { ErrorCode } from '@picbook/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { generateToken, hashToken } from '../../platform/auth/tokens';
import type { DbOrTx } from '../../platform/db/client';
import { operatorSessions, operators } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { isLoopback } from '../../platform/http/loopback';
import type { Operator, OperatorRole } from '../../platform/ops/operator-action';
import { asRoles } from '../../platform/ops/operator-session';
import type { KeyRules } from '../../platform/rate-limit/rate-limiter';
import { deviceKey, knownDevice, newDeviceId, signedDevice } from './operator-devices';

/** Operator sessions are short: 8 hours, a working day. */
export const OPERATOR_SESSION_MS = 8 * 3600 * 1000;
const ISSUER = 'PicBook ops';
const DEV_OPERATOR = 'dev';
const FAILED = '账号、密码或动态验证码不正确';

function totpFor(username: string, secret: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label: username,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** A fresh TOTP secret and its otpauth:// URI (for the authenticator app; shown once). */
export function newTotp(username: string): { secret: string; uri: string } {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  return { secret, uri: totpFor(username, secret).toString() };
}

/** A new operator; with `totp` a fresh secret whose otpauth:// URI goes into an authenticator app. */
export async function createOperator(
  db: DbOrTx,
  input: { username: string; password: string; roles: readonly OperatorRole[]; totp: boolean },
): Promise<{ id: number; totpUri: string | null }> {
  const exists = await db
    .select({ id: operators.id })
    .from(operators)
    .where(eq(operators.username, input.username))
    .limit(1);
  if (exists.length > 0) throw new AppError(ErrorCode.AccountExists, '该运营账号已存在');
  const totp = input.totp ? newTotp(input.username) : null;
  const [row] = await db
    .insert(operators)
    .values({
      username: input.username,
      passwordHash: await hashPassword(input.password),
      roles: [...input.roles],
      totpSecret: totp?.secret ?? null,
    })
    .returning({ id: operators.id });
  if (!row) throw new Error('operator not created');
  return { id: row.id, totpUri: totp?.uri ?? null };
}

/** Operator login limits (decision 085): each 10 attempts per 15 minutes. */
export const OPS_LOGIN_LIMIT = { limit: 10, windowMs: 15 * 60 * 1000 } as const;

/**
 * The keys an attempt is counted on (decision 085): always its address; then its known device
 * (a device cookie signed for this username) or, from anywhere else, the username. Failures from
 * elsewhere therefore never lock an operator out of a device they have logged in from.
 */
function loginKeys(input: { username: string; ip: string }, device: string | null): KeyRules[] {
  const rules = [OPS_LOGIN_LIMIT];
  return [
    { key: `ops-login:ip:${input.ip}`, rules },
    device
      ? { key: `ops-login:device:${device}`, rules }
      : { key: `ops-login:user:${input.username}`, rules },
  ];
}

/**
 * Password, then the TOTP code when the operator has a secret. Failures answer alike. Every
 * attempt is counted before it is checked, in one atomic step (decision 085), so parallel
 * attempts cannot all pass a limit that only failures used to reach; a successful attempt is
 * taken back. `device` is the device cookie's value; the answer's `device` is the one to set.
 */
export async function loginOperator(
  deps: AppDeps,
  input: {
    username: string;
    password: string;
    totp?: string | undefined;
    ip: string;
    device?: string | undefined;
  },
): Promise<{ token: string; expiresAt: Date; operator: Operator; device: string }> {
  const now = deps.clock.now();
  const key = deviceKey(deps.config.mediaUrlKey);
  const known = knownDevice(key, input.username, input.device);
  const reservation = await deps.rateLimiter.reserve(loginKeys(input, known), now.getTime());
  if (!reservation.allowed) {
    throw new AppError(ErrorCode.TooManyRequests, '尝试次数过多，请 15 分钟后再试', {
      data: { retry_after: Math.ceil(reservation.retryAfterMs / 1000) },
    });
  }
  // From here on a failure stays counted.
  // The development operator is a development adapter: this machine only, like the SMS outbox.
  const devOnly = input.username === DEV_OPERATOR && !deps.config.devAdaptersOpen;
  if (devOnly && !isLoopback(input.ip)) throw new AppError(ErrorCode.LoginFailed, FAILED);
  const [row] = await deps.db
    .select()
    .from(operators)
    .where(and(eq(operators.username, input.username), isNull(operators.disabledAt)))
    .limit(1);
  const passwordOk = await verifyPassword(
    row?.passwordHash ?? (await dummyPasswordHash()),
    input.password,
  );
  // Where the development adapters are refused (production) the second factor is mandatory: an
  // operator without a secret gets one from an admin (operators.resetTotp) before logging in.
  const totpOk =
    (!row?.totpSecret && deps.config.allowDevAdapters) ||
    (row?.totpSecret &&
      input.totp !== undefined &&
      totpFor(row.username, row.totpSecret).validate({
        token: input.totp,
        timestamp: now.getTime(),
        window: 1,
      }) !== null);
  if (!row || !passwordOk || !totpOk) throw new AppError(ErrorCode.LoginFailed, FAILED);
  await reservation.release();
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + OPERATOR_SESSION_MS);
  await deps.db
    .insert(operatorSessions)
    .values({ tokenHash: hashToken(token), operatorId: row.id, expiresAt });
  return {
    token,
    expiresAt,
    operator: { name: `op:${row.username}`, roles: asRoles(row.roles) },
    device: signedDevice(key, row.username, known ?? newDeviceId()),
  };
}

/**
 * Whether this operator signs in without a second factor: only where the development adapters
 * are allowed (the `dev` operator, or one made there with `totp: false`); in production such an
 * operator cannot sign in at all (decision 097). The console says so on every page.
 */
export async function signedInWithoutSecondFactor(
  deps: AppDeps,
  operator: Operator,
): Promise<boolean> {
  if (!deps.config.allowDevAdapters || !operator.name.startsWith('op:')) return false;
  const [row] = await deps.db
    .select({ totpSecret: operators.totpSecret })
    .from(operators)
    .where(eq(operators.username, operator.name.slice('op:'.length)))
    .limit(1);
  return row !== undefined && row.totpSecret === null;
}

export async function logoutOperator(db: DbOrTx, token: string): Promise<void> {
  await db.delete(operatorSessions).where(eq(operatorSessions.tokenHash, hashToken(token)));
}

/**
 * Development only: an admin operator `dev` (password from OPS_DEV_PASSWORD, default
 * `picbook-dev`, no second factor) so the operator flows run on one machine. Never in
 * production unless the dev adapters are explicitly allowed.
 */
export async function ensureDevOperator(db: DbOrTx, password: string): Promise<void> {
  const exists = await db
    .select({ id: operators.id })
    .from(operators)
    .where(eq(operators.username, DEV_OPERATOR))
    .limit(1);
  if (exists.length === 0) {
    await createOperator(db, { username: DEV_OPERATOR, password, roles: ['admin'], totp: false });
  }
}
