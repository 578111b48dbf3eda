import type { TLoginResult } from '@picbook/contracts';
import type { AppDeps } from '../../platform/deps';
import { createUserQueries, type UserRow } from '../user';
import { completeLogin } from './complete-login';
import { callingGuest, checkInvite, registerAccount } from './registration';
import { checkSmsCode } from './sms-codes';

export interface PhoneLoginInput {
  nationCode: string;
  mobile: string;
  pin: string;
  inviteCode?: string | undefined;
  callerId: number | null;
  deviceId: string;
}

/**
 * The account of a verified phone: found, or registered (invite rule; a calling guest is
 * upgraded). The code is checked first but used up only once the login goes ahead, so a
 * 12003/12004 answer can be resubmitted with the same code and an invite code.
 */
export async function accountForPhone(
  deps: AppDeps,
  input: Omit<PhoneLoginInput, 'deviceId'>,
): Promise<UserRow> {
  const code = await checkSmsCode(deps, { ...input, action: 'login' });
  const existing = await createUserQueries(deps.db).findByPhone(input.nationCode, input.mobile);
  if (existing) {
    await code.consume();
    return existing;
  }
  const invitedBy = await checkInvite(deps, input.inviteCode);
  await code.consume();
  return registerAccount(
    deps,
    await callingGuest(deps, input.callerId),
    { phoneNationCode: input.nationCode, phoneMobile: input.mobile },
    invitedBy,
  );
}

/** Phone login or registration (type phone). */
export async function phoneLogin(deps: AppDeps, input: PhoneLoginInput): Promise<TLoginResult> {
  const user = await accountForPhone(deps, input);
  return completeLogin(deps, user.id, input.deviceId);
}
