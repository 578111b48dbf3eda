import { endpoints } from '@picbook/contracts';
import type { LightMyRequestResponse } from 'fastify';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectError, expectOk } from '../../../test/envelope';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { verifyPassword } from '../../platform/auth/passwords';
import { limiterBackends } from '../../platform/rate-limit/rate-limiter.test-kit';
import { createOperator } from './operator-accounts';
import { OPS_DEVICE_COOKIE } from './operator-devices';

/**
 * Operator login limits (decision 085): every attempt is counted before its password and code
 * are checked, atomically, so a burst cannot guess past the limit; a username is limited only
 * for devices it has never logged in from, so outsiders cannot lock an operator out.
 */

// A pass-through spy: how many attempts reached the password check.
vi.mock('../../platform/auth/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../platform/auth/passwords')>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});
const checked = () => vi.mocked(verifyPassword).mock.calls.length;

const limiters = limiterBackends('operator login limit');

const PASSWORD = 'a-long-operator-password';

describe.each(limiters)('operator login limits, %s limiter', (_name, makeLimiter) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ services: { rateLimiter: makeLimiter() } });
  });
  afterAll(() => t.close());

  let seq = 0;
  /** A new operator with a second factor: its name and its authenticator. */
  const operator = async () => {
    const username = `lim${++seq}`;
    const made = await createOperator(t.database.db, {
      username,
      password: PASSWORD,
      roles: ['support'],
      totp: true,
    });
    return { username, totp: OTPAuth.URI.parse(made.totpUri ?? '') as OTPAuth.TOTP };
  };
  const rightCode = (totp: OTPAuth.TOTP) => totp.generate({ timestamp: t.clock.now().getTime() });
  /** A code that none of the accepted steps (one either way) answers. */
  const wrongCode = (totp: OTPAuth.TOTP) => {
    const now = t.clock.now().getTime();
    const valid = new Set([-30_000, 0, 30_000].map((d) => totp.generate({ timestamp: now + d })));
    let code = 0;
    while (valid.has(String(code).padStart(6, '0'))) code++;
    return String(code).padStart(6, '0');
  };
  const login = (
    payload: { username: string; password: string; totp?: string },
    ip: string,
    device?: string,
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ops/login',
      payload,
      remoteAddress: ip,
      ...(device ? { headers: { cookie: `other=1; ${OPS_DEVICE_COOKIE}=${device}` } } : {}),
    });
  /** The device cookie a successful login set. */
  const deviceOf = (res: LightMyRequestResponse) => {
    const header = String(res.headers['set-cookie'] ?? '');
    const value = new RegExp(`^${OPS_DEVICE_COOKIE}=([^;]+)`).exec(header)?.[1];
    if (!value) throw new Error(`no device cookie in ${header}`);
    return value;
  };
  const codes = (answers: LightMyRequestResponse[]) => {
    const tally: Record<number, number> = {};
    for (const res of answers) {
      const code = (res.json() as { code: number }).code;
      tally[code] = (tally[code] ?? 0) + 1;
    }
    return tally;
  };

  it('checks at most 10 of 50 parallel logins with the right password and a wrong code, from 50 addresses', async () => {
    const op = await operator();
    const before = checked();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        login(
          { username: op.username, password: PASSWORD, totp: wrongCode(op.totp) },
          `10.50.0.${i}`,
        ),
      ),
    );
    expect(checked() - before).toBe(10);
    expect(codes(answers)).toEqual({ 11001: 10, 10429: 40 });
    const refused = answers.find((res) => res.statusCode === 429);
    expect(Number(refused?.headers['retry-after'])).toBe(15 * 60);
  });

  it('checks at most 10 of 50 parallel logins from one address (50 usernames)', async () => {
    const before = checked();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        login({ username: `nobody${i}`, password: PASSWORD, totp: '000000' }, '10.51.0.1'),
      ),
    );
    expect(checked() - before).toBe(10);
    expect(codes(answers)).toEqual({ 11001: 10, 10429: 40 });
  });

  it('checks at most 10 of 50 parallel logins from one known device, from 50 addresses', async () => {
    const op = await operator();
    const first = await login(
      { username: op.username, password: PASSWORD, totp: rightCode(op.totp) },
      '10.52.0.1',
    );
    expectOk(first, endpoints.opsLogin);
    const device = deviceOf(first);
    const before = checked();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        login(
          { username: op.username, password: PASSWORD, totp: wrongCode(op.totp) },
          `10.52.1.${i}`,
          device,
        ),
      ),
    );
    expect(checked() - before).toBe(10);
    expect(codes(answers)).toEqual({ 11001: 10, 10429: 40 });
  });

  it('takes back the attempt of a login that succeeds; a failure stays counted', async () => {
    const op = await operator();
    const ip = '10.53.0.1';
    for (let i = 0; i < 9; i++) {
      expectError(
        await login({ username: op.username, password: PASSWORD, totp: wrongCode(op.totp) }, ip),
        200,
        11001,
      );
    }
    // Successes do not use up the allowance …
    for (let i = 0; i < 3; i++) {
      expectOk(
        await login({ username: op.username, password: PASSWORD, totp: rightCode(op.totp) }, ip),
        endpoints.opsLogin,
      );
    }
    // … so one more failure is checked, and then the address and the username are closed.
    expectError(
      await login({ username: op.username, password: PASSWORD, totp: wrongCode(op.totp) }, ip),
      200,
      11001,
    );
    expectError(
      await login({ username: op.username, password: PASSWORD, totp: rightCode(op.totp) }, ip),
      429,
      10429,
    );
  });

  it('an outsider cannot lock an operator out of their known device; address and device limits hold', async () => {
    const op = await operator();
    const first = await login(
      { username: op.username, password: PASSWORD, totp: rightCode(op.totp) },
      '10.54.0.1',
    );
    expectOk(first, endpoints.opsLogin);
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/api/ops/login');
    const device = deviceOf(first);

    // An outsider fails 20 times from 20 addresses: the username is closed to unknown devices.
    const outsider = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        login({ username: op.username, password: 'guess', totp: '123456' }, `10.54.1.${i}`),
      ),
    );
    expect(codes(outsider)).toEqual({ 11001: 10, 10429: 10 });
    const right = () => ({ username: op.username, password: PASSWORD, totp: rightCode(op.totp) });
    expectError(await login(right(), '10.54.0.2'), 429, 10429);

    // The operator, from the device they logged in from, still logs in (and from another address).
    const again = expectOk(await login(right(), '10.54.0.1', device), endpoints.opsLogin);
    expect(again.operator).toBe(`op:${op.username}`);
    expectOk(await login(right(), '10.54.0.3', device), endpoints.opsLogin);

    // A device cookie is signed for its username: another operator's, a tampered or a made-up
    // one counts as an unknown device.
    const other = await operator();
    const otherDevice = deviceOf(
      await login(
        { username: other.username, password: PASSWORD, totp: rightCode(other.totp) },
        '10.54.2.1',
      ),
    );
    expectError(await login(right(), '10.54.2.1', otherDevice), 429, 10429);
    const [id, mac] = device.split('.');
    expectError(await login(right(), '10.54.0.4', `${id}.${mac?.slice(1)}x`), 429, 10429);
    expectError(await login(right(), '10.54.0.5', `${'A'.repeat(22)}.${mac}`), 429, 10429);

    // The per-address limit holds for a known device too: an address that failed 10 times is shut.
    const shut = '10.54.3.1';
    for (let i = 0; i < 10; i++) {
      expectError(
        await login({ username: `nobody${i}`, password: 'guess', totp: '123456' }, shut),
        200,
        11001,
      );
    }
    expectError(await login(right(), shut, device), 429, 10429);

    // And the per-device limit: 10 failures with the device cookie (from any addresses) shut it.
    for (let i = 0; i < 10; i++) {
      expectError(
        await login(
          { username: op.username, password: PASSWORD, totp: wrongCode(op.totp) },
          `10.54.4.${i}`,
          device,
        ),
        200,
        11001,
      );
    }
    expectError(await login(right(), '10.54.0.6', device), 429, 10429);

    // Fifteen minutes later everything is open again.
    t.clock.advance(15 * 60 * 1000 + 1);
    expectOk(await login(right(), '10.54.0.7'), endpoints.opsLogin);
  });
});
