import { ErrorCode } from '@picbook/contracts';
import { and, eq } from 'drizzle-orm';
import { verifyPassword } from '../../platform/auth/passwords';
import type { Tx } from '../../platform/db/client';
import { devSmsOutbox, ledgerEntries, smsCodes, users } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { createUserQueries, type UserRow } from '../user';
import { checkSmsCode } from './sms-codes';

/**
 * What a feature removes when an account is deleted: rows inside the deletion transaction, and
 * files (recordings…) after it committed. Features register their step at start-up.
 */
export interface DeletionStep {
  name: string;
  inTransaction?(tx: Tx, user: UserRow, now: Date): Promise<void>;
  afterCommit?(deps: AppDeps, user: UserRow, collected: unknown): Promise<void>;
  /** Runs before the transaction; what it returns (e.g. file keys) reaches afterCommit. */
  collect?(deps: AppDeps, user: UserRow): Promise<unknown>;
}

const steps: DeletionStep[] = [
  {
    name: 'ledger',
    // Money history stays for the books, without the person: anonymised, not deleted.
    async inTransaction(tx, user, now) {
      await tx
        .update(ledgerEntries)
        .set({ userId: null, anonymisedAt: now })
        .where(eq(ledgerEntries.userId, user.id));
    },
  },
  {
    name: 'sms',
    async inTransaction(tx, user) {
      if (!user.phoneMobile || !user.phoneNationCode) return;
      const phone = (t: typeof smsCodes | typeof devSmsOutbox) =>
        and(eq(t.nationCode, user.phoneNationCode ?? ''), eq(t.mobile, user.phoneMobile ?? ''));
      await tx.delete(smsCodes).where(phone(smsCodes));
      await tx.delete(devSmsOutbox).where(phone(devSmsOutbox));
    },
  },
  {
    name: 'invitees',
    async inTransaction(tx, user) {
      await tx.update(users).set({ invitedBy: null }).where(eq(users.invitedBy, user.id));
    },
  },
];

export function registerDeletionStep(step: DeletionStep): void {
  if (!steps.some((s) => s.name === step.name)) steps.push(step);
}

export interface DeleteAccountInput {
  userId: number;
  nationCode?: string | undefined;
  phone?: string | undefined;
  pin?: string | undefined;
  password?: string | undefined;
}

/**
 * Account deletion (spec: nation_code, phone, pin). Accounts with a phone confirm with a code
 * sent to it (action cancel); accounts with only a password confirm with it; a guest has
 * nothing to confirm. Children, settings, sessions, bindings and rights go with the user row
 * (foreign keys cascade); the ledger is anonymised; feature steps remove the rest.
 */
export async function deleteAccount(
  deps: AppDeps,
  input: DeleteAccountInput,
): Promise<{ deleted: boolean }> {
  const q = createUserQueries(deps.db);
  const user = await q.findById(input.userId);
  if (!user) throw new AppError(ErrorCode.NotLoggedIn);

  if (user.phoneMobile && user.phoneNationCode) {
    if (!input.phone || !input.pin)
      throw new AppError(ErrorCode.InvalidParams, '请输入手机号和验证码', { field: 'pin' });
    if (input.phone !== user.phoneMobile || (input.nationCode ?? '86') !== user.phoneNationCode) {
      throw new AppError(ErrorCode.InvalidParams, '请输入本账号绑定的手机号', { field: 'phone' });
    }
    const code = await checkSmsCode(deps, {
      nationCode: user.phoneNationCode,
      mobile: user.phoneMobile,
      action: 'cancel',
      pin: input.pin,
    });
    await code.consume();
  } else if (user.passwordHash) {
    if (!input.password || !(await verifyPassword(user.passwordHash, input.password))) {
      throw new AppError(ErrorCode.LoginFailed, '密码错误');
    }
  }

  const collected = new Map<string, unknown>();
  for (const step of steps)
    if (step.collect) collected.set(step.name, await step.collect(deps, user));
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    for (const step of steps) await step.inTransaction?.(tx, user, now);
    await tx.delete(users).where(eq(users.id, user.id));
  });
  for (const step of steps) {
    try {
      await step.afterCommit?.(deps, user, collected.get(step.name));
    } catch (error) {
      // The account is gone; a leftover file is retried by the storage sweeper, not the user.
      console.error(`account deletion step ${step.name} failed after commit`, error);
    }
  }
  return { deleted: true };
}
