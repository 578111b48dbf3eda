import { endpoints } from '@picbook/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  newDevice,
  newPhone,
  phoneLogin,
  requestCode,
  sendAndReadPin,
} from '../../../test/auth-helpers';
import { expectError, expectOk } from '../../../test/envelope';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { queryRows } from '../../platform/db/client';
import { ledgerEntries, smsCodes, userBalances, userRights } from '../../platform/db/schema';
import { issueDevOauthCode } from '../../platform/oauth/dev';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, token: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: auth(token), payload });
const child = {
  nickname: '小宝宝',
  birthday: '2019-03-08',
  gender: 1,
  region: 214,
  avatar: '/media/avatars/boy-2.svg',
};

describe('POST /api/v1/child', () => {
  it('needs guardian consent for the first profile', async () => {
    const { access_token } = await phoneLogin(t, newPhone());
    const body = expectError(await post('/api/v1/child', access_token, child), 400, 10001);
    expect(body.data?.field).toBe('consent');
    expect(body.msg).toContain('监护人须知');
  });

  it('saves the child with consent; user info shows it with age = current year − birth year', async () => {
    const { access_token } = await phoneLogin(t, newPhone());
    const saved = expectOk(
      await post('/api/v1/child', access_token, { ...child, consent: 1 }),
      endpoints.saveChild,
    );
    expect(saved).toMatchObject({
      nickname: '小宝宝',
      birthday: '2019-03-08',
      gender: 1,
      region: 214,
      age: 7,
    });
    const user = expectOk(
      await t.app.inject({ url: '/api/v1/user', headers: auth(access_token) }),
      endpoints.userInfo,
    );
    expect(user.children).toEqual([saved]);
    expect(user.guardian_consent).toBe(true);
    const updated = expectOk(
      await post('/api/v1/child', access_token, { ...child, nickname: '  Tom  ' }),
      endpoints.saveChild,
    );
    expect(updated).toMatchObject({ id: saved.id, nickname: 'Tom' });
  });

  it.each([
    [{ nickname: '   ' }, 'nickname', '昵称不能为空'],
    [{ nickname: '宝'.repeat(17) }, 'nickname', '昵称不能超过16个字'],
    [{ birthday: '2030-01-01' }, 'birthday', '请输入正确的生日'],
    [{ birthday: '1996-01-01' }, 'birthday', '请输入正确的生日'],
    [{ birthday: '' }, 'birthday', '请输入正确的生日'],
    [{ region: 9999 }, 'region', undefined],
    [{ avatar: 'https://evil.example/x.png' }, 'avatar', undefined],
  ])('refuses %j with the spec message', async (patch, field, message) => {
    const { access_token } = await phoneLogin(t, newPhone());
    const body = expectError(
      await post('/api/v1/child', access_token, { ...child, consent: 1, ...patch }),
      400,
      10001,
    );
    expect(body.data?.field).toBe(field);
    if (message) expect(body.msg).toBe(message);
  });
});

describe('avatar, notifications, invite code', () => {
  it('sets a configured avatar on the child and refuses others', async () => {
    const { access_token } = await phoneLogin(t, newPhone());
    expectError(
      await post('/api/v1/user/avatar', access_token, { icon: '/media/avatars/zodiac-3.svg' }),
      200,
      10400,
    );
    expectOk(
      await post('/api/v1/child', access_token, { ...child, consent: 1 }),
      endpoints.saveChild,
    );
    const res = expectOk(
      await post('/api/v1/user/avatar', access_token, { icon: '/media/avatars/zodiac-3.svg' }),
      endpoints.userAvatar,
    );
    expect(res.avatar).toBe('/media/avatars/zodiac-3.svg');
    expectError(
      await post('/api/v1/user/avatar', access_token, { icon: '/etc/passwd' }),
      400,
      10001,
    );
  });

  it('stores the notification mask and keeps one invite code', async () => {
    const { access_token } = await phoneLogin(t, newPhone());
    expect(
      expectOk(
        await post('/api/v1/user/notifications', access_token, { mask: 5 }),
        endpoints.userNotifications,
      ).mask,
    ).toBe(5);
    const user = expectOk(
      await t.app.inject({ url: '/api/v1/user', headers: auth(access_token) }),
      endpoints.userInfo,
    );
    expect(user.notifications).toBe(5);
    const a = expectOk(
      await t.app.inject({ url: '/api/v1/user/code', headers: auth(access_token) }),
      endpoints.userCode,
    );
    const b = expectOk(
      await t.app.inject({ url: '/api/v1/user/code', headers: auth(access_token) }),
      endpoints.userCode,
    );
    expect(a.code).toBe(b.code);
  });
});

describe('GET and POST /api/v1/user/storages (group setting)', () => {
  it('stores settings, last value per key wins, and lists the group', async () => {
    const { access_token } = await phoneLogin(t, newPhone());
    const empty = expectOk(
      await t.app.inject({
        url: '/api/v1/user/storages?group=setting',
        headers: auth(access_token),
      }),
      endpoints.getStorages,
    );
    expect(empty.list).toEqual([]);
    const saved = expectOk(
      await post('/api/v1/user/storages', access_token, {
        group: 'setting',
        list: [
          { key: 'eye_shield', value: '30', group: 'setting' },
          { key: 'play_bgm', value: '0' },
          { key: 'eye_shield', value: '45' },
        ],
      }),
      endpoints.saveStorages,
    );
    expect(saved.list).toEqual([
      { key: 'eye_shield', value: '45', group: 'setting' },
      { key: 'play_bgm', value: '0', group: 'setting' },
    ]);
  });

  it.each([
    [{ group: 'setting', list: [{ key: 'favourite_colour', value: 'red' }] }],
    [{ group: 'setting', list: [{ key: 'eye_shield', value: 'lots' }] }],
    [{ group: 'secrets', list: [] }],
  ])('refuses %j', async (payload) => {
    const { access_token } = await phoneLogin(t, newPhone());
    expectError(await post('/api/v1/user/storages', access_token, payload), 400, 10001);
  });
});

/** Every table with a user reference, found from the catalogue so new tables are covered too. */
async function rowsReferencing(userId: number) {
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    t.database.db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = current_schema() and column_name in ('user_id', 'invited_by')`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name, column_name } of columns) {
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.identifier(column_name)} = ${userId}`,
    );
    counts[`${table_name}.${column_name}`] = Number(row?.n ?? 0);
  }
  return counts;
}

describe('POST /api/v1/user/cancel (account deletion)', () => {
  it('removes the account and everything it owns; the ledger is anonymised; sessions die', async () => {
    const mobile = newPhone();
    const device = newDevice();
    const session = await phoneLogin(t, mobile, { uuid: device });
    const userId = session.user.id;
    const token = session.access_token;
    expectOk(await post('/api/v1/child', token, { ...child, consent: 1 }), endpoints.saveChild);
    expectOk(
      await post('/api/v1/user/storages', token, { list: [{ key: 'eye_shield', value: '30' }] }),
      endpoints.saveStorages,
    );
    const wx = await issueDevOauthCode(t.database.db, 'wx_app', {
      uid: `wx-del-${device}`,
      nickname: 'x',
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1.1/user/bind_3rd',
      headers: auth(token),
      payload: { type: 'wx_app', auth_code: wx },
    });
    await t.database.db
      .insert(userRights)
      .values({ userId, name: 'vip', vipType: 1, expireTime: new Date(Date.now() + 86_400_000) });
    await t.database.db.insert(userBalances).values({ userId, coins: 3 });
    await t.database.db.insert(ledgerEntries).values({
      userId,
      currency: 'coins',
      delta: 3,
      balanceAfter: 3,
      reason: 'test',
      idempotencyKey: `del-${userId}`,
    });
    const before = await rowsReferencing(userId);
    expect(Object.values(before).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(7);

    t.clock.advance(60_000);
    const pin = await sendAndReadPin(t, mobile, { action: 'cancel', token });
    const wrongPhone = await post('/api/v1/user/cancel', token, {
      nation_code: '86',
      phone: newPhone(),
      pin,
    });
    expectError(wrongPhone, 400, 10001);
    const res = await post('/api/v1/user/cancel', token, { nation_code: '86', phone: mobile, pin });
    expect(expectOk(res, endpoints.cancelAccount).deleted).toBe(true);

    const after = await rowsReferencing(userId);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    const ledger = await queryRows<{ user_id: number | null; anonymised_at: Date | null }>(
      t.database.db,
      sql`select user_id, anonymised_at from ledger_entries where idempotency_key = ${`del-${userId}`}`,
    );
    expect(ledger).toHaveLength(1);
    expect(ledger[0]?.user_id).toBeNull();
    expect(ledger[0]?.anonymised_at).not.toBeNull();
    const codes = await t.database.db.select().from(smsCodes).where(sql`mobile = ${mobile}`);
    expect(codes).toEqual([]);
    expectError(await t.app.inject({ url: '/api/v1/user', headers: auth(token) }), 401, 10008);
    // The phone can start again from nothing.
    t.clock.advance(60_000);
    const fresh = await phoneLogin(t, mobile);
    expect(fresh.user.id).not.toBe(userId);
    expect(fresh.user.children).toEqual([]);
  });

  it('a deletion code for a phone that is not the account’s is refused at once, nothing sent', async () => {
    const mobile = newPhone();
    const { access_token } = await phoneLogin(t, mobile);
    const other = newPhone();
    const device = newDevice();
    const ip = '10.9.9.9';
    // Refused every time, and no limit is spent on it: the right phone still gets its code.
    for (let i = 0; i < 6; i += 1) {
      const res = await requestCode(t, other, {
        action: 'cancel',
        token: access_token,
        device,
        ip,
      });
      const body = expectError(res, 400, 10001);
      expect(body.msg).toBe('请输入本账号绑定的手机号');
    }
    const outbox = (await t.app.inject({ url: '/dev/sms-outbox' })).json() as {
      data: Array<{ mobile: string }>;
    };
    expect(outbox.data.some((m) => m.mobile === other)).toBe(false);
    t.clock.advance(60_000);
    expectOk(
      await requestCode(t, mobile, { action: 'cancel', token: access_token, device, ip }),
      endpoints.sms,
    );
    // A guest has no phone to send to.
    const guest = expectOk(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/guest_login',
        payload: { device_id: newDevice() },
      }),
      endpoints.guestLogin,
    );
    expectError(
      await requestCode(t, other, { action: 'cancel', token: guest.access_token }),
      200,
      10400,
    );
  });

  it('a password account confirms with its password; a guest needs nothing', async () => {
    const reg = expectOk(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/register',
        payload: { account: 'bye_bye', password: 'secret123' },
      }),
      endpoints.register,
    );
    expectError(
      await post('/api/v1/user/cancel', reg.access_token, { password: 'nope' }),
      200,
      11001,
    );
    expectOk(
      await post('/api/v1/user/cancel', reg.access_token, { password: 'secret123' }),
      endpoints.cancelAccount,
    );
    const guest = expectOk(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/guest_login',
        payload: { device_id: newDevice() },
      }),
      endpoints.guestLogin,
    );
    expectOk(await post('/api/v1/user/cancel', guest.access_token, {}), endpoints.cancelAccount);
    expect(Object.values(await rowsReferencing(guest.user.id)).every((n) => n === 0)).toBe(true);
  });
});
