import type { TLoginResult } from '@picbook/contracts';
import { storage } from '../../shared/platform/storage';
import { useSession } from '../../shared/session/session';
import { useStartup } from '../../shared/startup/startup-store';

const LAST_USER_KEY = 'last_user_id';

/** Spec §2: a switched user or a new guest sign-up leaves the current page after login. */
export function isPageChangeNeeded(result: TLoginResult): boolean {
  const previous = storage.get(LAST_USER_KEY);
  const isSwitched = previous !== null && previous !== String(result.user.id);
  return isSwitched || (result.user.is_guest && result.user.is_first_login);
}

/** Stores the session of a completed login and the user it returned. */
export function completeLogin(result: TLoginResult): void {
  storage.set(LAST_USER_KEY, String(result.user.id));
  useSession.getState().setLogin(result.access_token, result.user.children[0]?.id ?? null);
  useStartup.getState().setUser(result.user);
}

/**
 * Spec §2: after a login the route is replaced with /parents/center when on a parents' page
 * (except account deletion), else with /.
 */
export function pathAfterLogin(pathname: string): string {
  return pathname.startsWith('/parents/') && pathname !== '/parents/deleteAccount'
    ? '/parents/center'
    : '/';
}
