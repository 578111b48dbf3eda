import type { TLoginResult } from '@picbook/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { storage } from '../../shared/platform/storage';
import { useSession } from '../../shared/session/session';
import { useStartup } from '../../shared/startup/startup-store';
import { buildUserInfo } from '../../test/factories';
import { completeLogin, isPageChangeNeeded, pathAfterLogin } from './api';

const result = (id: number, isGuest: boolean, isFirst: boolean): TLoginResult => ({
  access_token: `token-${id}`,
  user: buildUserInfo({ id, is_guest: isGuest, is_first_login: isFirst }),
});

beforeEach(() => storage.remove('last_user_id'));

describe('after login (spec §2)', () => {
  it.each([
    ['/parents/store', '/parents/center'],
    ['/parents/center', '/parents/center'],
    ['/parents/deleteAccount', '/'],
    ['/library/read/1/1', '/'],
    ['/', '/'],
  ])('from %s goes to %s', (from, to) => {
    expect(pathAfterLogin(from)).toBe(to);
  });

  it('changes page for a new guest sign-up or a switched user only', () => {
    expect(isPageChangeNeeded(result(1, true, true))).toBe(true);
    completeLogin(result(1, true, true));
    expect(isPageChangeNeeded(result(1, true, false))).toBe(false);
    expect(isPageChangeNeeded(result(2, false, false))).toBe(true);
  });

  it('stores the token and the user', () => {
    completeLogin(result(3, false, false));
    expect(useSession.getState().token).toBe('token-3');
    expect(useStartup.getState()).toMatchObject({ userState: 'done', user: { id: 3 } });
  });
});
