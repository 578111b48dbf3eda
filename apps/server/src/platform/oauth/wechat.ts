import { codeField, fetchJson, requireOk, stringField } from './http';
import {
  type HttpFetch,
  OAuthExchangeError,
  type OAuthFailureReason,
  type OAuthProvider,
  type ThirdPartyIdentity,
} from './types';

const TOKEN_URL = 'https://api.weixin.qq.com/sns/oauth2/access_token';
const USERINFO_URL = 'https://api.weixin.qq.com/sns/userinfo';

/** 40029 invalid code, 40163 code been used: the user's code, not our setup or WeChat. */
const CODE_ERRORS = new Set([40029, 40163]);
/** 40013 invalid appid, 40125 invalid appsecret: retrying will not help until config changes. */
const CONFIG_ERRORS = new Set([40013, 40125]);

export interface WechatProviderOptions {
  /** wx_app (mobile app SDK) and wx_web (website QR login) are separate apps with own ids. */
  type: 'wx_app' | 'wx_web';
  appId: string;
  appSecret: string;
  fetch?: HttpFetch;
}

/** WeChat Open Platform: authorization code → access token (+ openid/unionid) → profile. */
export function createWechatProvider(options: WechatProviderOptions): OAuthProvider {
  const { type, appId, appSecret } = options;
  const fetchFn = options.fetch ?? fetch;
  if (!appId || !appSecret) {
    throw new OAuthExchangeError(`${type}: appId and appSecret are required`, 'misconfigured');
  }

  return {
    type,
    async exchange(authCode: string): Promise<ThirdPartyIdentity> {
      if (!authCode) throw new OAuthExchangeError(`${type}: empty code`, 'invalid_code');

      const query = new URLSearchParams({
        appid: appId,
        secret: appSecret,
        code: authCode,
        grant_type: 'authorization_code',
      });
      const what = `${type} code exchange`;
      const body = requireOk(
        await fetchJson(fetchFn, `${TOKEN_URL}?${query}`, { method: 'GET' }, what),
        what,
      );

      const errcode = codeField(body, 'errcode');
      if (errcode !== undefined && errcode !== 0) {
        const errmsg = stringField(body, 'errmsg') ?? '';
        throw new OAuthExchangeError(`${what}: errcode ${errcode} ${errmsg}`, reasonFor(errcode));
      }
      const accessToken = stringField(body, 'access_token');
      const openid = stringField(body, 'openid');
      if (!accessToken || !openid) {
        throw new OAuthExchangeError(`${what}: answer lacks access_token/openid`, 'provider_error');
      }

      // openid differs between wx_app and wx_web; only the unionid lets both reach one account.
      // The uid is taken from this answer alone (not from the optional profile call), so the same
      // user always gets the same uid whether or not the profile call succeeds.
      const uid = stringField(body, 'unionid') ?? openid;
      const profile = await fetchProfile(fetchFn, accessToken, openid);
      return { family: 'wx', uid, ...profile };
    },
  };
}

function reasonFor(errcode: number): OAuthFailureReason {
  if (CODE_ERRORS.has(errcode)) return 'invalid_code';
  if (CONFIG_ERRORS.has(errcode)) return 'misconfigured';
  return 'provider_error';
}

/** Nickname and avatar are cosmetic: any failure here yields no profile, never a failed login. */
async function fetchProfile(
  fetchFn: HttpFetch,
  accessToken: string,
  openid: string,
): Promise<Pick<ThirdPartyIdentity, 'nickname' | 'avatarUrl'>> {
  try {
    const query = new URLSearchParams({ access_token: accessToken, openid });
    const what = 'wx userinfo';
    const body = requireOk(
      await fetchJson(fetchFn, `${USERINFO_URL}?${query}`, { method: 'GET' }, what),
      what,
    );
    const errcode = codeField(body, 'errcode');
    if (errcode !== undefined && errcode !== 0) return {};
    const profile: Pick<ThirdPartyIdentity, 'nickname' | 'avatarUrl'> = {};
    const nickname = stringField(body, 'nickname');
    const avatarUrl = stringField(body, 'headimgurl');
    if (nickname) profile.nickname = nickname;
    if (avatarUrl) profile.avatarUrl = avatarUrl;
    return profile;
  } catch {
    return {};
  }
}
