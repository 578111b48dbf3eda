import { endpoints } from '@picbook/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  latestPin,
  login,
  newDevice,
  newPhone,
  phoneLogin,
  requestCode,
  sendAndReadPin,
} from '../../../test/auth-helpers';
import { expectError, expectOk } from '../../../test/envelope';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createConfigQueries } from '../configs';
import { SMS_RULES } from './sms-codes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MIN = 60_000;

describe('GET /api/v1/sms', () => {
  it('sends a 4-digit code, listed newest first in the dev outbox', async () => {
    const mobile = newPhone();
    const data = expectOk(await requestCode(t, mobile), endpoints.sms);
    expect(data).toEqual({ resend_after: 60 });
    const outbox = (await t.app.inject({ url: '/dev/sms-outbox' })).json();
    expect(outbox.code).toBe(0);
    expect(outbox.data[0]).toMatchObject({
      mobile,
      nation_code: '86',
      action: 'login',
      pin: expect.stringMatching(/^\d{4}$/),
    });
    expect(outbox.data[0].sent_at).toEqual(expect.any(Number));
  });

  it('answers the same whether or not the phone is registered', async () => {
    const registered = newPhone();
    await phoneLogin(t, registered);
    t.clock.advance(MIN);
    const a = await requestCode(t, registered);
    const b = await requestCode(t, newPhone());
    expect(a.body).toBe(b.body);
  });

  it('caps sends per phone: 1 per 60 s, 5 per hour, 10 per day', async () => {
    const mobile = newPhone();
    const device = () => newDevice();
    expectOk(await requestCode(t, mobile, { device: device() }), endpoints.sms);
    const tooSoon = expectError(await requestCode(t, mobile, { device: device() }), 429, 10429);
    expect(tooSoon.data?.retry_after).toBe(60);
    for (let i = 0; i < 4; i++) {
      t.clock.advance(MIN);
      expectOk(await requestCode(t, mobile, { device: device() }), endpoints.sms);
    }
    t.clock.advance(MIN);
    expectError(await requestCode(t, mobile, { device: device() }), 429, 10429); // 6th in the hour
    for (let i = 0; i < 5; i++) {
      t.clock.advance(61 * MIN);
      expectOk(await requestCode(t, mobile, { device: device() }), endpoints.sms);
    }
    t.clock.advance(61 * MIN);
    const daily = expectError(await requestCode(t, mobile, { device: device() }), 429, 10429);
    expect(daily.msg).toMatch(/小时后再试/);
    t.clock.advance(24 * 60 * MIN);
  });

  it('caps sends per device and per IP', async () => {
    const device = newDevice();
    for (let i = 0; i < SMS_RULES.perDevice[0].limit; i++) {
      expectOk(await requestCode(t, newPhone(), { device }), endpoints.sms);
    }
    expectError(await requestCode(t, newPhone(), { device }), 429, 10429);
    const ip = '203.0.113.9';
    for (let i = 0; i < SMS_RULES.perIp[0].limit; i++) {
      expectOk(await requestCode(t, newPhone(), { ip }), endpoints.sms);
    }
    expectError(await requestCode(t, newPhone(), { ip }), 429, 10429);
    t.clock.advance(25 * 60 * MIN);
  });

  it('without a device uuid the device limit counts the IP, not one bucket for everyone', async () => {
    const noDevice = (ip: string) =>
      t.app.inject({
        url: `/api/v1/sms?mobile=${newPhone()}&nation_code=86&action=login`,
        remoteAddress: ip,
      });
    for (let i = 0; i < SMS_RULES.perDevice[0].limit; i++) {
      expectOk(await noDevice('198.51.100.7'), endpoints.sms);
    }
    expectError(await noDevice('198.51.100.7'), 429, 10429);
    // Another phone on another network is not told to wait.
    expectOk(await noDevice('198.51.100.8'), endpoints.sms);
    t.clock.advance(25 * 60 * MIN);
  });

  it('refuses a CN number that is not 11 digits starting with 1', async () => {
    const body = expectError(await requestCode(t, '1380013800'), 400, 10001);
    expect(body).toMatchObject({ msg: '请输入正确的手机号', data: { field: 'mobile' } });
    expectError(await requestCode(t, '23800138000'), 400, 10001);
  });

  it('reserved numbers (10x/11x/12x) get the same answer and no message; review pins work', async () => {
    await createConfigQueries(t.database.db).upsert('review_accounts', [
      { nation_code: '86', mobile: '10000000001', pin: '246810' },
    ]);
    expectOk(await requestCode(t, '10000000001'), endpoints.sms);
    expect(await latestPin(t, '10000000001')).toBeNull();
    const ok = await login(t, { type: 'phone', mobile: '10000000001', pin: '246810' });
    expect(expectOk(ok, endpoints.login).user.is_guest).toBe(false);
    expectError(
      await login(t, { type: 'phone', mobile: '10000000001', pin: '111111' }),
      200,
      11102,
    );
  });

  it('a provider failure answers 11100 and leaves no usable code', async () => {
    const failing = await createTestApp({
      services: {
        sms: {
          name: 'down',
          async send() {
            throw new Error('gateway timeout');
          },
        },
      },
    });
    try {
      const res = await requestCode(failing, newPhone());
      expect(expectError(res, 200, 11100).msg).toBe('短信发送失败，请稍后重试');
    } finally {
      await failing.close();
    }
  });
});

describe('checking codes', () => {
  it('codes are single use', async () => {
    const mobile = newPhone();
    const pin = await sendAndReadPin(t, mobile);
    expectOk(await login(t, { type: 'phone', mobile, pin }), endpoints.login);
    expectError(await login(t, { type: 'phone', mobile, pin }), 200, 11101);
  });

  it('codes expire after 5 minutes (11101)', async () => {
    const mobile = newPhone();
    const pin = await sendAndReadPin(t, mobile);
    t.clock.advance(5 * MIN);
    const body = expectError(await login(t, { type: 'phone', mobile, pin }), 200, 11101);
    expect(body.msg).toBe('验证码已失效，请重新验证');
  });

  it('a wrong code is 11102; the 5th wrong try kills the code', async () => {
    const mobile = newPhone();
    const pin = await sendAndReadPin(t, mobile);
    const wrong = pin === '0000' ? '0001' : '0000';
    for (let i = 0; i < 4; i++) {
      const body = expectError(await login(t, { type: 'phone', mobile, pin: wrong }), 200, 11102);
      expect(body.msg).toBe('验证码错误，请重新验证');
    }
    expectError(await login(t, { type: 'phone', mobile, pin: wrong }), 200, 11102);
    expectError(await login(t, { type: 'phone', mobile, pin }), 200, 11101);
    // The dead code can be replaced at once (no 60 s wait), and the new one works.
    const fresh = await sendAndReadPin(t, mobile);
    expectOk(await login(t, { type: 'phone', mobile, pin: fresh }), endpoints.login);
  });

  it('allows at most 10 failed checks per phone in 24 h; resending does not reset it', async () => {
    const mobile = newPhone();
    let pin = '';
    for (let round = 0; round < 2; round++) {
      pin = await sendAndReadPin(t, mobile);
      const wrong = pin === '0000' ? '0001' : '0000';
      for (let i = 0; i < 5; i++) await login(t, { type: 'phone', mobile, pin: wrong });
      t.clock.advance(MIN);
    }
    pin = await sendAndReadPin(t, mobile);
    expectError(await login(t, { type: 'phone', mobile, pin }), 429, 10429);
    t.clock.advance(24 * 60 * MIN);
    pin = await sendAndReadPin(t, mobile);
    expectOk(await login(t, { type: 'phone', mobile, pin }), endpoints.login);
  });

  it('a code only verifies its own action', async () => {
    const mobile = newPhone();
    await sendAndReadPin(t, mobile, { action: 'lifelong' });
    const pin = await latestPin(t, mobile, 'lifelong');
    expectError(await login(t, { type: 'phone', mobile, pin }), 200, 11101);
  });
});
