import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Families and operators of the journeys: a registered parent logged in through the development
 * SMS outbox, and operator actions run as the development operator (decision 044).
 */

let phoneSeq = 0;

/** A registered family with a child (born `birthday`), logged in on `page`; answers its token. */
export async function member(
  page: Page,
  request: APIRequestContext,
  birthday = '2019-06-01',
): Promise<string> {
  const mobile = `136${String(Date.now() + ++phoneSeq * 7919).slice(-8)}`;
  // Each family asks from its own address, as families do: the journeys register more families
  // than one address may ask codes for in an hour (30, SMS_RULES.perIp). The e2e server trusts
  // one proxy hop (playwright.config.ts); a loopback address keeps the dev adapters answering.
  const ip = `127.${process.pid % 250}.${Math.floor(phoneSeq / 250) % 250}.${(phoneSeq % 250) + 1}`;
  const sms = await request.get(`/api/v1/sms?mobile=${mobile}&nation_code=86&action=login`, {
    headers: { 'x-forwarded-for': ip },
  });
  expect((await sms.json()).code).toBe(0);
  const outbox = await (await request.get('/dev/sms-outbox')).json();
  const pin = outbox.data.find((m: { mobile: string }) => m.mobile === mobile)?.pin;
  const login = await (
    await request.post('/api/v1.1/login', {
      data: { type: 'phone', mobile, nation_code: '86', pin },
    })
  ).json();
  expect(login.code).toBe(0);
  const token = login.data.access_token as string;
  const child = await request.post('/api/v1/child', {
    headers: { access_token: token },
    data: { nickname: '乐乐', birthday, gender: 1, region: 214, consent: 1 },
  });
  expect((await child.json()).code).toBe(0);
  await page.addInitScript((t) => {
    if (!sessionStorage.getItem('e2e-init')) {
      sessionStorage.setItem('e2e-init', '1');
      localStorage.setItem('access_token', t);
    }
  }, token);
  return token;
}

/** Runs an operator action as the development operator (dev / OPS_DEV_PASSWORD default). */
export async function operatorAction(
  request: APIRequestContext,
  name: string,
  input: Record<string, unknown>,
  reason?: string,
) {
  const login = await (
    await request.post('/api/ops/login', { data: { username: 'dev', password: 'picbook-dev' } })
  ).json();
  expect(login.code).toBe(0);
  const res = await request.post(`/api/ops/actions/${name}`, {
    headers: { ops_token: login.data.token },
    data: { input, ...(reason ? { reason } : {}) },
  });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data.result;
}

export async function userId(request: APIRequestContext, token: string): Promise<number> {
  return (await (await request.get('/api/v1/user', { headers: { access_token: token } })).json())
    .data.id;
}
