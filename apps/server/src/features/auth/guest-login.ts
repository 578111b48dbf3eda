import type { TLoginResult } from '@picbook/contracts';
import { issueToken } from '../../platform/auth/session';
import type { Db } from '../../platform/db/client';
import { presentUser } from '../user/user.presenter';
import { createAuthQueries } from './auth.queries';

/**
 * Guest login: the device's guest account is resumed (so a child's progress survives a
 * reinstall of the web app on the same device) or created. Concurrent first logins from one
 * device end in the same account thanks to the unique device id.
 */
export async function guestLogin(db: Db, deviceId: string, now: Date): Promise<TLoginResult> {
  const queries = createAuthQueries(db);
  let user = await queries.findGuestByDevice(deviceId);
  if (!user) {
    user =
      (await queries.insertGuest(deviceId, now)) ?? (await queries.findGuestByDevice(deviceId));
  } else {
    user = await queries.recordLogin(user.id, now);
  }
  if (!user) throw new Error(`guest for device vanished during login`);
  const accessToken = await issueToken(db, user.id, now);
  return { access_token: accessToken, user: presentUser(user, now) };
}
