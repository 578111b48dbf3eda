import { createHash, randomInt } from 'node:crypto';
import { ErrorCode } from '@picbook/contracts';
import { isReservedCnNumber } from '@picbook/domain';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { smsCodes } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { LimitRule } from '../../platform/rate-limit/rate-limiter';
import type { SmsAction } from '../../platform/sms/types';
import { loadPrivateConfig } from '../configs';

/** ARCHITECTURE.md security baseline for SMS codes. */
export const SMS_RULES = {
  codeTtlMs: 5 * 60 * 1000,
  maxWrongTries: 5,
  maxFailedChecksPerDay: 10,
  resendAfterS: 60,
  /** While the phone's last code for the action can still be used. */
  perPhoneResend: [{ limit: 1, windowMs: 60_000 }],
  perPhone: [
    { limit: 5, windowMs: 3_600_000 },
    { limit: 10, windowMs: 86_400_000 },
  ],
  perIp: [
    { limit: 30, windowMs: 3_600_000 },
    { limit: 100, windowMs: 86_400_000 },
  ],
  perDevice: [
    { limit: 10, windowMs: 3_600_000 },
    { limit: 20, windowMs: 86_400_000 },
  ],
} as const satisfies Record<string, unknown>;

const DAY_MS = 86_400_000;

export interface PhoneRef {
  nationCode: string;
  mobile: string;
}

const phoneKey = (p: PhoneRef) => `${p.nationCode}:${p.mobile}`;
const abbrOf = (nationCode: string) => (nationCode === '86' ? 'CN' : nationCode);

/** The codes of a phone and action that can still be used. */
const openCodesOf = (phone: PhoneRef, action: string) =>
  and(
    eq(smsCodes.nationCode, phone.nationCode),
    eq(smsCodes.mobile, phone.mobile),
    eq(smsCodes.action, action),
    isNull(smsCodes.closedAt),
  );

function hashPin(phone: PhoneRef, action: string, pin: string): string {
  return createHash('sha256')
    .update(`${phoneKey(phone)}:${action}:${pin}`)
    .digest('hex');
}

function validateMobile(phone: PhoneRef): void {
  if (phone.nationCode === '86' && !/^1\d{10}$/.test(phone.mobile)) {
    throw new AppError(ErrorCode.InvalidParams, '请输入正确的手机号', { field: 'mobile' });
  }
}

async function enforce(deps: AppDeps, key: string, rules: readonly LimitRule[], now: number) {
  const result = await deps.rateLimiter.hit(key, rules, now);
  if (!result.allowed) {
    const wait = Math.ceil(result.retryAfterMs / 1000);
    throw new AppError(ErrorCode.TooManyRequests, `发送太频繁，请${formatWait(wait)}后再试`, {
      data: { retry_after: wait },
    });
  }
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds}秒`;
  if (seconds < 3600) return `${Math.ceil(seconds / 60)}分钟`;
  return `${Math.ceil(seconds / 3600)}小时`;
}

/** Whether the phone has a code for the action that can still be used. */
async function hasOpenCode(deps: AppDeps, phone: PhoneRef, action: string, now: number) {
  const rows = await deps.db
    .select({ expiresAt: smsCodes.expiresAt })
    .from(smsCodes)
    .where(openCodesOf(phone, action))
    .orderBy(desc(smsCodes.id))
    .limit(1);
  const code = rows[0];
  return code !== undefined && code.expiresAt.getTime() > now;
}

export interface SendCodeInput extends PhoneRef {
  action: SmsAction;
  ip: string;
  deviceId: string;
  /** For actions on an existing account: the code only goes to that account's own phone. */
  ownerPhone?: PhoneRef | null;
}

/**
 * Sends a fresh 4-digit code (older open codes for the same phone and action close). Limits:
 * per phone 1/60 s while its last code is still usable, 5/h, 10/day; per IP and per device. The answer is the same whether or not
 * the phone has an account, and for reserved review numbers (which use configured codes).
 */
export async function sendSmsCode(
  deps: AppDeps,
  input: SendCodeInput,
): Promise<{ resend_after: number }> {
  validateMobile(input);
  // Deleting an account: the family is signed in and knows its own phone, so a number that is not
  // the account's is refused at once (no code, no countdown, no limit spent; decision 094).
  if (input.action === 'cancel' && input.ownerPhone !== undefined) {
    if (!input.ownerPhone)
      throw new AppError(ErrorCode.NotAllowed, '本账号没有绑定手机号，无需验证码');
    if (phoneKey(input.ownerPhone) !== phoneKey(input))
      throw new AppError(ErrorCode.InvalidParams, '请输入本账号绑定的手机号', { field: 'mobile' });
  }
  const answer = { resend_after: SMS_RULES.resendAfterS };
  const now = deps.clock.now();
  const t = now.getTime();
  // The device limit counts the device's uuid when it sends one, else its IP address: requests
  // without one must not share a single bucket (a new phone was told to wait 56 minutes). The
  // uuid is the client's word, so the per-IP and per-phone limits stay the abuse bound.
  const device = input.deviceId ? `sms:dev:${input.deviceId}` : `sms:dev-ip:${input.ip}`;
  await enforce(deps, device, SMS_RULES.perDevice, t);
  await enforce(deps, `sms:ip:${input.ip}`, SMS_RULES.perIp, t);
  // A code killed by wrong tries (or expired, or used) can be replaced at once: the parent is not
  // left waiting out a countdown for a code that no longer works. The hour and day caps still hold.
  const resendKey = `sms:resend:${phoneKey(input)}`;
  if (await hasOpenCode(deps, input, input.action, t)) {
    await enforce(deps, resendKey, SMS_RULES.perPhoneResend, t);
  } else {
    await deps.rateLimiter.record(resendKey, SMS_RULES.perPhoneResend[0].windowMs, t);
  }
  await enforce(deps, `sms:phone:${phoneKey(input)}`, SMS_RULES.perPhone, t);

  if (isReservedCnNumber(abbrOf(input.nationCode), input.mobile)) return answer;
  if (
    input.ownerPhone !== undefined &&
    (!input.ownerPhone || phoneKey(input.ownerPhone) !== phoneKey(input))
  ) {
    return answer;
  }

  const pin = String(randomInt(0, 10_000)).padStart(4, '0');
  const codeId = await deps.db.transaction(async (tx) => {
    await tx.update(smsCodes).set({ closedAt: now }).where(openCodesOf(input, input.action));
    const rows = await tx
      .insert(smsCodes)
      .values({
        nationCode: input.nationCode,
        mobile: input.mobile,
        action: input.action,
        pinHash: hashPin(input, input.action, pin),
        expiresAt: new Date(t + SMS_RULES.codeTtlMs),
        createdAt: now,
      })
      .returning({ id: smsCodes.id });
    return rows[0]?.id;
  });
  try {
    await deps.sms.send({
      nationCode: input.nationCode,
      mobile: input.mobile,
      pin,
      action: input.action,
    });
  } catch (error) {
    if (codeId !== undefined)
      await deps.db.update(smsCodes).set({ closedAt: now }).where(eq(smsCodes.id, codeId));
    throw new AppError(ErrorCode.SmsSendFailed, undefined, { cause: error });
  }
  return answer;
}

export interface CheckCodeInput extends PhoneRef {
  action: SmsAction;
  pin: string;
}

/** A verified code: call `consume()` once the action it guards is going ahead. */
export interface VerifiedCode {
  consume(): Promise<void>;
}

/**
 * Checks a code without using it up (the login may still stop at 12003 and be resubmitted with
 * the same code). Wrong: 11102, and the 5th wrong try kills the code. Missing, expired, used:
 * 11101. More than 10 failed checks for a phone in 24 h (resending does not reset it): refused.
 */
export async function checkSmsCode(deps: AppDeps, input: CheckCodeInput): Promise<VerifiedCode> {
  const now = deps.clock.now();
  const t = now.getTime();
  const failKey = `sms:fail:${phoneKey(input)}`;
  if ((await deps.rateLimiter.count(failKey, DAY_MS, t)) >= SMS_RULES.maxFailedChecksPerDay) {
    throw new AppError(ErrorCode.TooManyRequests, '验证码错误次数过多，请24小时后再试');
  }

  if (isReservedCnNumber(abbrOf(input.nationCode), input.mobile)) {
    const review = await loadPrivateConfig(deps.db, 'review_accounts');
    const account = review.find(
      (a) => a.nation_code === input.nationCode && a.mobile === input.mobile,
    );
    if (!account) throw new AppError(ErrorCode.SmsPinInvalid);
    if (account.pin !== input.pin) {
      await deps.rateLimiter.record(failKey, DAY_MS, t);
      throw new AppError(ErrorCode.SmsPinWrong);
    }
    return { consume: async () => {} };
  }

  const rows = await deps.db
    .select()
    .from(smsCodes)
    .where(openCodesOf(input, input.action))
    .orderBy(desc(smsCodes.id))
    .limit(1);
  const code = rows[0];
  if (!code || code.expiresAt.getTime() <= t) throw new AppError(ErrorCode.SmsPinInvalid);

  if (code.pinHash !== hashPin(input, input.action, input.pin)) {
    await deps.db
      .update(smsCodes)
      .set({
        failedAttempts: sql`${smsCodes.failedAttempts} + 1`,
        closedAt: sql`case when ${smsCodes.failedAttempts} + 1 >= ${SMS_RULES.maxWrongTries} then ${now.toISOString()}::timestamptz else ${smsCodes.closedAt} end`,
      })
      .where(eq(smsCodes.id, code.id));
    await deps.rateLimiter.record(failKey, DAY_MS, t);
    throw new AppError(ErrorCode.SmsPinWrong);
  }

  return {
    async consume() {
      // Conditional: two requests racing with the same code cannot both use it.
      const used = await deps.db
        .update(smsCodes)
        .set({ closedAt: now })
        .where(and(eq(smsCodes.id, code.id), isNull(smsCodes.closedAt)))
        .returning({ id: smsCodes.id });
      if (used.length === 0) throw new AppError(ErrorCode.SmsPinInvalid);
    },
  };
}
