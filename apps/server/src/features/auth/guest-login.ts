import type { TLoginResult } from '@picbook/contracts';
import type { AppDeps } from '../../platform/deps';
import { createAuthQueries } from './auth.queries';
import { completeLogin } from './complete-login';

/**
 * Guest login: the device's guest account is resumed (so a child's progress survives a reload
 * of the web app on the same device) or created. Concurrent first logins from one device end in
 * the same account thanks to the unique device id.
 */
export async function guestLogin(deps: AppDeps, deviceId: string): Promise<TLoginResult> {
  const queries = createAuthQueries(deps.db);
  const user =
    (await queries.findGuestByDevice(deviceId)) ??
    (await queries.insertGuest(deviceId)) ??
    (await queries.findGuestByDevice(deviceId));
  if (!user) throw new Error('guest for device vanished during login');
  return completeLogin(deps, user.id, deviceId);
}
