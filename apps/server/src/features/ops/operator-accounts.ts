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

/**
 * Password, then the TOTP code when the operator has a secret. Failures answer alike and are
 * rate limited per username and per IP (10 in 15 minutes).
 */
export async function loginOperator(
  deps: AppDeps,
  input: { username: string; password: string; totp?: string | undefined; ip: string },
): Promise<{ token: string; expiresAt: Date; operator: Operator }> {
  const now = deps.clock.now();
  const window = 15 * 60 * 1000;
  const keys = [`ops-login:user:${input.username}`, `ops-login:ip:${input.ip}`];
  for (const key of keys) {
    if ((await deps.rateLimiter.count(key, window, now.getTime())) >= 10) {
      throw new AppError(ErrorCode.TooManyRequests, '尝试次数过多，请 15 分钟后再试');
    }
  }
  // The development operator is a development adapter: this machine only, like the SMS outbox.
  const devOnly = input.username === DEV_OPERATOR && !deps.config.devAdaptersOpen;
  if (devOnly && !isLoopback(input.ip)) {
    for (const key of keys) await deps.rateLimiter.record(key, window, now.getTime());
    throw new AppError(ErrorCode.LoginFailed, FAILED);
  }
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
  if (!row || !passwordOk || !totpOk) {
    for (const key of keys) await deps.rateLimiter.record(key, window, now.getTime());
    throw new AppError(ErrorCode.LoginFailed, FAILED);
  }
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + OPERATOR_SESSION_MS);
  await deps.db
    .insert(operatorSessions)
    .values({ tokenHash: hashToken(token), operatorId: row.id, expiresAt });
  return { token, expiresAt, operator: { name: `op:${row.username}`, roles: asRoles(row.roles) } };
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
