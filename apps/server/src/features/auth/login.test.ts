import { endpoints } from '@picbook/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  login,
  newDevice,
  newPhone,
  phoneLogin,
  sendAndReadPin,
} from '../../../test/auth-helpers';
import { expectError, expectOk } from '../../../test/envelope';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { issueDevOauthCode } from '../../platform/oauth/dev';
import { createConfigQueries } from '../configs';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (token: string) => t.app.inject({ url: '/api/v1/user', headers: auth(token) });
const guest = async (device = newDevice()) =>
  expectOk(
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/guest_login',
      payload: { device_id: device },
    }),
    endpoints.guestLogin,
  );

describe('phone login (type phone)', () => {
  it('registers a new phone and answers data.access_token plus the user', async () => {
    const mobile = newPhone();
    const data = await phoneLogin(t, mobile);
    expect(data.access_token.length).toBeGreaterThanOrEqual(22);
    expect(data.user).toMatchObject({ is_guest: false, is_first_login: true, nation_code: '86' });
    expect(data.user.phone).toBe(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`);
  });

  it('logs the same phone into the same account', async () => {
    const mobile = newPhone();
    const first = await phoneLogin(t, mobile);
    t.clock.advance(60_000);
    const second = await phoneLogin(t, mobile);
    expect(second.user.id).toBe(first.user.id);
    expect(second.user.is_first_login).toBe(false);
  });

  it('upgrades the calling guest in place, so its child and progress stay', async () => {
    const g = await guest();
    const child = await t.app.inject({
      method: 'POST',
      url: '/api/v1/child',
      headers: auth(g.access_token),
      payload: { nickname: '朵朵', birthday: '2019-05-01', gender: 2, region: 214, consent: 1 },
    });
    expectOk(child, endpoints.saveChild);
    const upgraded = await phoneLogin(t, newPhone(), auth(g.access_token));
    expect(upgraded.user.id).toBe(g.user.id);
    expect(upgraded.user.is_guest).toBe(false);
    expect(upgraded.user.children[0]?.nickname).toBe('朵朵');
  });

  it('asks for an invite code when signup requires one (12003), then accepts a valid one with the same code', async () => {
    const inviter = await phoneLogin(t, newPhone());
    const { code: invite } = expectOk(
      await t.app.inject({ url: '/api/v1/user/code', headers: auth(inviter.access_token) }),
      endpoints.userCode,
    );
    expect(invite).toMatch(/^[0-9A-Z]{4}$/);
    await createConfigQueries(t.database.db).upsert('signup', { invite_required: 1 });
    try {
      const mobile = newPhone();
      const pin = await sendAndReadPin(t, mobile);
      const needed = expectError(await login(t, { type: 'phone', mobile, pin }), 200, 12003);
      expect(needed.msg).toBe('请输入邀请码');
      const bad = expectError(
        await login(t, { type: 'phone', mobile, pin, inv_code: 'ZZZZ' }),
        200,
        12004,
      );
      expect(bad.msg).toBe('请输入有效的邀请码');
      const ok = await login(t, { type: 'phone', mobile, pin, inv_code: invite.toLowerCase() });
      expect(expectOk(ok, endpoints.login).user.is_guest).toBe(false);
      // Existing accounts never need one.
      t.clock.advance(60_000);
      await phoneLogin(t, mobile);
    } finally {
      await createConfigQueries(t.database.db).upsert('signup', { invite_required: 0 });
    }
  });

  it('refuses a malformed request naming the field', async () => {
    const body = expectError(
      await login(t, { type: 'phone', mobile: '138', pin: '1234' }),
      400,
      10001,
    );
    expect(body.data?.field).toBe('mobile');
    expectError(await login(t, { type: 'fax', auth_code: 'x' }), 400, 10001);
  });
});

describe('tokens', () => {
  it('a new login on the same device replaces the old token; other devices stay logged in', async () => {
    const mobile = newPhone();
    const phoneA = newDevice();
    const tablet = newDevice();
    const first = await phoneLogin(t, mobile, { uuid: phoneA });
    t.clock.advance(60_000);
    const onTablet = await phoneLogin(t, mobile, { uuid: tablet });
    t.clock.advance(60_000);
    const again = await phoneLogin(t, mobile, { uuid: phoneA });
    expectError(await me(first.access_token), 401, 10008);
    expectOk(await me(again.access_token), endpoints.userInfo);
    expectOk(await me(onTablet.access_token), endpoints.userInfo);
  });

  it('logout revokes the token of the request', async () => {
    const { access_token } = await phoneLogin(t, newPhone());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/logout',
      headers: auth(access_token),
    });
    expect(expectOk(res, endpoints.logout).logged_out).toBe(true);
    expectError(await me(access_token), 401, 10008);
  });
});

describe('third-party login', () => {
  const devCode = (type: 'wx_app' | 'wx_web' | 'mi_app' | 'apple', uid: string) =>
    issueDevOauthCode(t.database.db, type, { uid, nickname: '嘟嘟妈妈' });

  it('an unbound identity answers 12000 with a ticket; bind_phone binds it; next time it logs straight in', async () => {
    const uid = `wx-${newDevice()}`;
    const first = expectError(
      await login(t, { type: 'wx_app', auth_code: await devCode('wx_app', uid) }),
      200,
      12000,
    );
    const ticket = String(first.data?.auth_code);
    expect(ticket).toMatch(/^tp_/);
    const mobile = newPhone();
    const pin = await sendAndReadPin(t, mobile);
    const bound = expectOk(
      await login(t, { type: 'bind_phone', mobile, nation_code: '86', pin, auth_code: ticket }),
      endpoints.login,
    );
    expect(bound.user.bindings).toEqual(['wx']);
    // The web QR login reaches the same account (same family).
    const again = expectOk(
      await login(t, { type: 'wx_web', auth_code: await devCode('wx_web', uid) }),
      endpoints.login,
    );
    expect(again.user.id).toBe(bound.user.id);
  });

  it('provider codes are single use (12100 on reuse)', async () => {
    const code = await devCode('wx_app', `wx-${newDevice()}`);
    expectError(await login(t, { type: 'wx_app', auth_code: code }), 200, 12000);
    const reused = expectError(await login(t, { type: 'wx_app', auth_code: code }), 200, 12100);
    expect(reused.msg).toBe('微信登录失败，请重试');
  });

  it('mi_app carries uid:session and checks the uid', async () => {
    const code = await devCode('mi_app', 'mi-42');
    const [, secret] = code.split(':');
    expectError(await login(t, { type: 'mi_app', auth_code: `mi-43:${secret}` }), 200, 12100);
    const fresh = await devCode('mi_app', 'mi-44');
    expectError(await login(t, { type: 'mi_app', auth_code: fresh }), 200, 12000);
  });

  it('binding a phone whose account has another account of that provider: 12001, then bind_3rd confirm switches', async () => {
    const mobile = newPhone();
    const firstUid = `wx-${newDevice()}`;
    const t1 = String(
      expectError(
        await login(t, { type: 'wx_app', auth_code: await devCode('wx_app', firstUid) }),
        200,
        12000,
      ).data?.auth_code,
    );
    const account = expectOk(
      await login(t, {
        type: 'bind_phone',
        mobile,
        pin: await sendAndReadPin(t, mobile),
        auth_code: t1,
      }),
      endpoints.login,
    );
    t.clock.advance(60_000);
    const secondUid = `wx-${newDevice()}`;
    const t2 = String(
      expectError(
        await login(t, { type: 'wx_app', auth_code: await devCode('wx_app', secondUid) }),
        200,
        12000,
      ).data?.auth_code,
    );
    const confirm = expectError(
      await login(t, {
        type: 'bind_phone',
        mobile,
        pin: await sendAndReadPin(t, mobile),
        auth_code: t2,
      }),
      200,
      12001,
    );
    expect(confirm.msg).toBe('该手机号已绑定其他账号，是否切换绑定？');
    const session = String(confirm.data?.access_token);
    expect((confirm.data?.user as { id: number } | undefined)?.id).toBe(account.user.id);
    const switched = await t.app.inject({
      method: 'POST',
      url: '/api/v1.1/user/bind_3rd',
      headers: auth(session),
      payload: { type: 'wx_app', auth_code: confirm.data?.auth_code, confirm: 1 },
    });
    expect(expectOk(switched, endpoints.bindThirdParty).bound).toEqual(['wx']);
    const viaSecond = expectOk(
      await login(t, { type: 'wx_app', auth_code: await devCode('wx_app', secondUid) }),
      endpoints.login,
    );
    expect(viaSecond.user.id).toBe(account.user.id);
    expectError(
      await login(t, { type: 'wx_app', auth_code: await devCode('wx_app', firstUid) }),
      200,
      12000,
    );
  });

  it('bind_3rd moving an identity from another account needs confirmation', async () => {
    const uid = `apple-${newDevice()}`;
    const t1 = String(
      expectError(
        await login(t, { type: 'apple', auth_code: await devCode('apple', uid) }),
        200,
        12000,
      ).data?.auth_code,
    );
    const mobile = newPhone();
    await login(t, {
      type: 'bind_phone',
      mobile,
      pin: await sendAndReadPin(t, mobile),
      auth_code: t1,
    });
    const other = await phoneLogin(t, newPhone());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1.1/user/bind_3rd',
      headers: auth(other.access_token),
      payload: { type: 'apple', auth_code: await devCode('apple', uid) },
    });
    expectError(res, 200, 12001);
  });
});

describe('account and password', () => {
  const register = (account: string, password: string, headers = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/register',
      payload: { account, password },
      headers,
    });
  const pwLogin = (account: string, password: string, ip = '198.51.100.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { account, password },
      remoteAddress: ip,
    });

  it('registers (argon2id) and logs in with trimmed input; names are case-insensitive', async () => {
    const reg = expectOk(await register('Dudu_Mama', 'secret123'), endpoints.register);
    expect(reg.user.has_password).toBe(true);
    const data = expectOk(await pwLogin(' dudu_mama ', ' secret123 '), endpoints.passwordLogin);
    expect(data.user.id).toBe(reg.user.id);
    const row = await t.database.db.query.users.findFirst({
      where: (u, { eq }) => eq(u.id, reg.user.id),
    });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('answers 11001 alike for a wrong password and an unknown account; 11002 for a taken name', async () => {
    await register('kiki_papa', 'secret123');
    expect(expectError(await pwLogin('kiki_papa', 'nope123'), 200, 11001).msg).toBe(
      '账号或密码错误',
    );
    expectError(await pwLogin('nobody_here', 'nope123'), 200, 11001);
    expect(expectError(await register('KIKI_PAPA', 'other123'), 200, 11002).msg).toBe(
      '该账号已被注册',
    );
  });

  it('locks an account for 15 minutes after 10 failed tries', async () => {
    await register('lock_me', 'secret123');
    for (let i = 0; i < 10; i++) await pwLogin('lock_me', 'wrong!!', `198.51.100.${10 + i}`);
    expectError(await pwLogin('lock_me', 'secret123', '198.51.100.99'), 429, 10429);
    t.clock.advance(15 * 60_000);
    expectOk(await pwLogin('lock_me', 'secret123', '198.51.100.99'), endpoints.passwordLogin);
  });

  it('refuses a short password naming the field', async () => {
    const body = expectError(await register('short_pw', '123'), 400, 10001);
    expect(body.data?.field).toBe('password');
  });
});
