import { codeField, fetchJson, idField, requireOk, stringField } from './http';
import { splitPair } from './split';
import {
  type HttpFetch,
  OAuthExchangeError,
  type OAuthProvider,
  type ThirdPartyIdentity,
} from './types';

const LOGGED_IN_USER_URL = 'https://openapi.baidu.com/rest/2.0/passport/users/getLoggedInUser';
const PORTRAIT_URL = 'https://himg.bdimg.com/sys/portrait/item/';

/**
 * Baidu open API errors about the token itself: 100 invalid parameter, 102 session key invalid,
 * 110 access token invalid or no longer valid, 111 access token expired. Others (quota, service
 * unavailable, unknown error) are Baidu's side.
 */
const TOKEN_ERRORS = new Set([100, 102, 110, 111]);

export interface BaiduProviderOptions {
  fetch?: HttpFetch;
}

/**
 * Baidu account on Xiaodu devices: the device sends "userId:accessToken". The token alone proves
 * the login; requiring the claimed userId to match catches a client mixing up accounts.
 */
export function createBaiduProvider(options: BaiduProviderOptions = {}): OAuthProvider {
  const fetchFn = options.fetch ?? fetch;

  return {
    type: 'du_app',
    async exchange(authCode: string): Promise<ThirdPartyIdentity> {
      const pair = splitPair(authCode);
      if (!pair) {
        throw new OAuthExchangeError('du_app: expected "userId:accessToken"', 'invalid_code');
      }
      const [userId, accessToken] = pair;

      const what = 'du_app logged-in user';
      const query = new URLSearchParams({ access_token: accessToken });
      const body = requireOk(
        await fetchJson(fetchFn, `${LOGGED_IN_USER_URL}?${query}`, { method: 'GET' }, what),
        what,
      );

      const errorCode = codeField(body, 'error_code');
      if (errorCode !== undefined) {
        const errorMsg = stringField(body, 'error_msg') ?? '';
        const reason = TOKEN_ERRORS.has(errorCode) ? 'invalid_code' : 'provider_error';
        throw new OAuthExchangeError(`${what}: error_code ${errorCode} ${errorMsg}`, reason);
      }
      const uid = idField(body, 'uid');
      if (!uid) throw new OAuthExchangeError(`${what}: answer lacks uid`, 'provider_error');
      if (uid !== userId) {
        throw new OAuthExchangeError(`${what}: token belongs to another user`, 'invalid_code');
      }

      const identity: ThirdPartyIdentity = { family: 'du', uid };
      const uname = stringField(body, 'uname');
      const portrait = stringField(body, 'portrait');
      if (uname) identity.nickname = uname;
      if (portrait) identity.avatarUrl = `${PORTRAIT_URL}${encodeURIComponent(portrait)}`;
      return identity;
    },
  };
}
