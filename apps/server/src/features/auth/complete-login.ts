import type { TLoginResult } from '@picbook/contracts';
import { issueToken } from '../../platform/auth/session';
import type { AppDeps } from '../../platform/deps';
import { loadUserInfo } from '../user';
import { createAuthQueries } from './auth.queries';

/** Every successful login ends here: count it, replace the device's token, answer the user. */
export async function completeLogin(
  deps: AppDeps,
  userId: number,
  deviceId: string,
): Promise<TLoginResult> {
  const now = deps.clock.now();
  await createAuthQueries(deps.db).recordLogin(userId, now);
  const accessToken = await issueToken(deps.db, userId, deviceId, now);
  return {
    access_token: accessToken,
    user: await loadUserInfo(deps.db, userId, now, { afterOwnWrite: true }),
  };
}
