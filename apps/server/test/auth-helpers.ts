import { endpoints, type TLoginResult } from '@picbook/contracts';
import { expect } from 'vitest';
import { userRights } from '../src/platform/db/schema';
import { expectOk } from './envelope';
import type { TestApp } from './test-app';

let deviceSeq = 0;
/** A fresh device uuid header, so per-device limits of one test do not hit another. */
export const newDevice = () => `test-device-${process.pid}-${++deviceSeq}-${Date.now()}`;

export async function requestCode(
  t: TestApp,
  mobile: string,
  options: {
    action?: string;
    nationCode?: string;
    device?: string;
    token?: string;
    ip?: string;
  } = {},
) {
  return t.app.inject({
    url: `/api/v1/sms?mobile=${mobile}&nation_code=${options.nationCode ?? '86'}&action=${options.action ?? 'login'}`,
    headers: {
      uuid: options.device ?? newDevice(),
      ...(options.token ? { access_token: options.token } : {}),
    },
    remoteAddress: options.ip ?? `10.0.${deviceSeq % 250}.${(deviceSeq * 7) % 250}`,
  });
}

/** The newest code the development outbox holds for a phone. */
export async function latestPin(
  t: TestApp,
  mobile: string,
  action = 'login',
): Promise<string | null> {
  const res = await t.app.inject({ url: '/dev/sms-outbox' });
  const body = res.json() as { data: Array<{ mobile: string; pin: string; action: string }> };
  return body.data.find((m) => m.mobile === mobile && m.action === action)?.pin ?? null;
}

export async function sendAndReadPin(
  t: TestApp,
  mobile: string,
  options: Parameters<typeof requestCode>[2] = {},
) {
  const res = await requestCode(t, mobile, options);
  expect(res.json().code, res.body).toBe(0);
  const pin = await latestPin(t, mobile, options.action ?? 'login');
  if (!pin) throw new Error('no code in the outbox');
  return pin;
}

export function login(t: TestApp, body: object, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/v1.1/login', payload: body, headers });
}

/** Logs in (or registers) a phone through the real SMS flow. */
export async function phoneLogin(
  t: TestApp,
  mobile: string,
  headers: Record<string, string> = {},
): Promise<TLoginResult> {
  const pin = await sendAndReadPin(t, mobile);
  return expectOk(
    await login(t, { type: 'phone', mobile, nation_code: '86', pin }, headers),
    endpoints.login,
  );
}

/** A new family holding VIP for the next 30 days (a member: every book opens); its token. */
export async function vipMember(t: TestApp): Promise<string> {
  const member = await phoneLogin(t, newPhone());
  const now = t.clock.now().getTime();
  await t.database.db.insert(userRights).values({
    userId: member.user.id,
    name: 'vip',
    vipType: 1,
    createTime: new Date(now - 86_400_000),
    expireTime: new Date(now + 30 * 86_400_000),
  });
  return member.access_token;
}

export const auth = (token: string, device?: string) => ({
  access_token: token,
  ...(device ? { uuid: device } : {}),
});

let phoneSeq = 0;
/** A fresh CN mobile number per call. */
export const newPhone = () =>
  `139${String(10_000_000 + (process.pid % 1000) * 10_000 + ++phoneSeq).slice(-8)}`;
