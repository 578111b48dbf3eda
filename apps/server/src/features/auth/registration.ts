import { ErrorCode } from '@picbook/contracts';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { loadPrivateConfig } from '../configs';
import { createUserQueries, type UserRow } from '../user';

/**
 * Invite rule of a new registration: 12003 when the deployment requires a code and none came;
 * 12004 when a code came that is nobody's. Answers the inviter's id.
 */
export async function checkInvite(
  deps: AppDeps,
  inviteCode: string | undefined,
): Promise<number | null> {
  const signup = await loadPrivateConfig(deps.db, 'signup');
  if (!inviteCode) {
    if (signup.invite_required === 1) throw new AppError(ErrorCode.InviteRequired);
    return null;
  }
  const inviter = await createUserQueries(deps.db).findByInviteCode(inviteCode.toUpperCase());
  if (!inviter) throw new AppError(ErrorCode.InviteInvalid);
  return inviter.id;
}

/** The calling guest, when the request carries a guest's token: it is upgraded, not replaced. */
export async function callingGuest(deps: AppDeps, userId: number | null): Promise<UserRow | null> {
  if (userId === null) return null;
  const user = await createUserQueries(deps.db).findById(userId);
  return user?.isGuest ? user : null;
}

/**
 * A new registered account from the identifying fields; a calling guest becomes that account so
 * the child keeps its progress (spec: a guest upgraded by phone login keeps its progress).
 */
export async function registerAccount(
  deps: AppDeps,
  guest: UserRow | null,
  values: {
    phoneNationCode?: string;
    phoneMobile?: string;
    account?: string;
    passwordHash?: string;
  },
  invitedBy: number | null,
): Promise<UserRow> {
  const q = createUserQueries(deps.db);
  const fields = { ...values, isGuest: false, invitedBy };
  if (guest) {
    const upgraded = await q.updateUser(guest.id, { ...fields, guestDeviceId: null });
    if (upgraded) return upgraded;
  }
  return q.insertUser(fields);
}
