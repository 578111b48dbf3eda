import type { TLoginResult } from '@picbook/contracts';
import type { AppDeps } from '../../app';
import { createUserQueries } from '../user/user.queries';
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
 * Phone login or registration. The code is checked first but used up only once the login goes
 * ahead, so a 12003/12004 answer can be resubmitted with the same code and an invite code.
 */
export async function phoneLogin(deps: AppDeps, input: PhoneLoginInput): Promise<TLoginResult> {
  const code = await checkSmsCode(deps, { ...input, action: 'login' });
  const existing = await createUserQueries(deps.db).findByPhone(input.nationCode, input.mobile);
  if (existing) {
    await code.consume();
    return completeLogin(deps, existing.id, input.deviceId);
  }
  const invitedBy = await checkInvite(deps, input.inviteCode);
  await code.consume();
  const guest = await callingGuest(deps, input.callerId);
  const user = await registerAccount(
    deps,
    guest,
    { phoneNationCode: input.nationCode, phoneMobile: input.mobile },
    invitedBy,
  );
  return completeLogin(deps, user.id, input.deviceId);
}
