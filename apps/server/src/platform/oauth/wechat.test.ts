import { describe, expect, it } from 'vitest';
import { createFakeFetch, jsonResponse, textResponse } from './fake-fetch';
import { OAuthExchangeError } from './types';
import { createWechatProvider } from './wechat';

const APP_ID = 'wx1234567890abcdef';
const APP_SECRET = 's3cr3t+/=AppSecret';

// Shapes as in the WeChat Open Platform docs ("通过code获取access_token", "获取用户个人信息").
const TOKEN_OK = {
  access_token: 'ACCESS_TOKEN_9vX',
  expires_in: 7200,
  refresh_token: 'REFRESH_TOKEN_2kQ',
  openid: 'oAbCdEfOpenId123',
  scope: 'snsapi_userinfo',
  unionid: 'o6_bmasdasdsad6_2sgVt7hMZOPfL',
};
const USERINFO_OK = {
  openid: 'oAbCdEfOpenId123',
  nickname: '小明',
  sex: 1,
  province: 'Guangdong',
  city: 'Shenzhen',
  country: 'CN',
  headimgurl: 'https://thirdwx.qlogo.cn/mmopen/g3MonUZtNHkdmzicIlibx6iaFqAc56vx/0',
  privilege: [],
  unionid: 'o6_bmasdasdsad6_2sgVt7hMZOPfL',
};

const TOKEN_URL =
  'https://api.weixin.qq.com/sns/oauth2/access_token?appid=wx1234567890abcdef' +
  '&secret=s3cr3t%2B%2F%3DAppSecret&code=061Abc&grant_type=authorization_code';
const USERINFO_URL =
  'https://api.weixin.qq.com/sns/userinfo?access_token=ACCESS_TOKEN_9vX&openid=oAbCdEfOpenId123';

function provider(
  tokenReply: () => Response | Promise<Response>,
  userinfoReply: () => Response | Promise<Response> = () => jsonResponse(USERINFO_OK),
  type: 'wx_app' | 'wx_web' = 'wx_app',
) {
  const fake = createFakeFetch((call) =>
    call.url.startsWith('https://api.weixin.qq.com/sns/userinfo?') ? userinfoReply() : tokenReply(),
  );
  const wx = createWechatProvider({
    type,
    appId: APP_ID,
    appSecret: APP_SECRET,
    fetch: fake.fetch,
  });
  return { wx, calls: fake.calls };
}

describe('createWechatProvider', () => {
  it('exchanges the code, then reads the profile; uid is the unionid', async () => {
    const { wx, calls } = provider(() => jsonResponse(TOKEN_OK));
    const identity = await wx.exchange('061Abc');

    expect(identity).toEqual({
      family: 'wx',
      uid: 'o6_bmasdasdsad6_2sgVt7hMZOPfL',
      nickname: '小明',
      avatarUrl: 'https://thirdwx.qlogo.cn/mmopen/g3MonUZtNHkdmzicIlibx6iaFqAc56vx/0',
    });
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ['GET', TOKEN_URL],
      ['GET', USERINFO_URL],
    ]);
    for (const call of calls) {
      expect(call.body).toBeUndefined();
      expect(call.signal).toBeInstanceOf(AbortSignal);
    }
  });

  it('falls back to the openid when WeChat gives no unionid', async () => {
    const { unionid: _omit, ...withoutUnion } = TOKEN_OK;
    const { wx } = provider(() => jsonResponse(withoutUnion));
    await expect(wx.exchange('061Abc')).resolves.toMatchObject({ uid: 'oAbCdEfOpenId123' });
  });

  it('serves wx_web with its own app id and reports its type', async () => {
    const { wx, calls } = provider(() => jsonResponse(TOKEN_OK), undefined, 'wx_web');
    expect(wx.type).toBe('wx_web');
    await expect(wx.exchange('061Abc')).resolves.toMatchObject({ family: 'wx' });
    expect(new URL(calls[0]?.url ?? '').searchParams.get('appid')).toBe(APP_ID);
  });

  it('URL-encodes a code with reserved characters', async () => {
    const { wx, calls } = provider(() => jsonResponse(TOKEN_OK));
    await wx.exchange('a&b=c d');
    expect(calls[0]?.url).toContain('&code=a%26b%3Dc+d&');
  });

  it.each([
    [{ errcode: 40029, errmsg: 'invalid code, rid: 66f0c1a2-1b2c3d4e-5f6a7b8c' }, 'invalid_code'],
    [{ errcode: 40163, errmsg: 'code been used, rid: 66f0c1a2-1b2c3d4e-5f6a7b8d' }, 'invalid_code'],
    [
      { errcode: 40125, errmsg: 'invalid appsecret, rid: 66f0c1a2-1b2c3d4e-5f6a7b8e' },
      'misconfigured',
    ],
    [{ errcode: 40013, errmsg: 'invalid appid, rid: 66f0c1a2-1b2c3d4e-5f6a7b8f' }, 'misconfigured'],
    [{ errcode: -1, errmsg: 'system error' }, 'provider_error'],
    [{ errcode: 45011, errmsg: 'api minute-quota reach limit' }, 'provider_error'],
  ])('maps %j to %s and skips the profile call', async (payload, reason) => {
    const { wx, calls } = provider(() => jsonResponse(payload));
    const result = wx.exchange('061Abc');
    await expect(result).rejects.toMatchObject({ name: 'OAuthExchangeError', reason });
    await expect(result).rejects.toThrow(String(payload.errcode));
    expect(calls).toHaveLength(1);
  });

  it('never puts the app secret into an error message', async () => {
    const { wx } = provider(() => jsonResponse({ errcode: 40125, errmsg: 'invalid appsecret' }));
    const error = await wx.exchange('061Abc').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OAuthExchangeError);
    expect(String(error)).not.toContain(APP_SECRET);
    expect(String(error)).not.toContain('s3cr3t');
  });

  it.each([
    ['network failure', () => Promise.reject(new TypeError('fetch failed'))],
    ['HTTP 502', () => textResponse('<html>Bad Gateway</html>', 502)],
    ['HTML with 200', () => textResponse('<html>maintenance</html>')],
    ['JSON without openid', () => jsonResponse({ access_token: 'x', expires_in: 7200 })],
  ])('treats %s as a provider error', async (_label, reply) => {
    const fake = createFakeFetch(reply);
    const wx = createWechatProvider({
      type: 'wx_app',
      appId: APP_ID,
      appSecret: 'x',
      fetch: fake.fetch,
    });
    await expect(wx.exchange('061Abc')).rejects.toMatchObject({ reason: 'provider_error' });
  });

  it.each([
    ['an errcode', () => jsonResponse({ errcode: 42001, errmsg: 'access_token expired' })],
    ['HTTP 500', () => textResponse('oops', 500)],
    ['a network failure', () => Promise.reject(new TypeError('fetch failed'))],
  ])('still logs in, without a profile, when userinfo fails with %s', async (_label, reply) => {
    const { wx, calls } = provider(() => jsonResponse(TOKEN_OK), reply);
    await expect(wx.exchange('061Abc')).resolves.toEqual({
      family: 'wx',
      uid: 'o6_bmasdasdsad6_2sgVt7hMZOPfL',
    });
    expect(calls).toHaveLength(2);
  });

  it('omits an empty headimgurl (user without avatar)', async () => {
    const { wx } = provider(
      () => jsonResponse(TOKEN_OK),
      () => jsonResponse({ ...USERINFO_OK, headimgurl: '' }),
    );
    const identity = await wx.exchange('061Abc');
    expect(identity.nickname).toBe('小明');
    expect(identity).not.toHaveProperty('avatarUrl');
  });

  it('refuses an empty code without calling WeChat', async () => {
    const { wx, calls } = provider(() => jsonResponse(TOKEN_OK));
    await expect(wx.exchange('')).rejects.toMatchObject({ reason: 'invalid_code' });
    expect(calls).toHaveLength(0);
  });

  it('refuses to be built without credentials', () => {
    expect(() => createWechatProvider({ type: 'wx_app', appId: APP_ID, appSecret: '' })).toThrow(
      expect.objectContaining({ reason: 'misconfigured' }),
    );
  });
});
