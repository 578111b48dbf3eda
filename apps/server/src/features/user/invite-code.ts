import { randomInt } from 'node:crypto';
import { isUniqueViolation } from '../../platform/db/errors';
import type { AppDeps } from '../../platform/deps';
import { createUserQueries } from './user.queries';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Spec: invite codes are 4 letters or digits; ambiguous ones (0/O, 1/I) are left out. */
function randomCode(): string {
  let code = '';
  for (let i = 0; i < 4; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** The user's own invite code, made on first request (retrying on the rare collision). */
export async function ensureInviteCode(deps: AppDeps, userId: number): Promise<string> {
  const q = createUserQueries(deps.db);
  const user = await q.findById(userId);
  if (user?.inviteCode) return user.inviteCode;
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      const claimed = await q.claimInviteCode(userId, randomCode());
      if (claimed) return claimed;
      const again = await q.findById(userId);
      if (again?.inviteCode) return again.inviteCode;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('no free invite code after 20 attempts');
}
