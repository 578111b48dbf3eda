import { endpoints } from '@picbook/contracts';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../test/envelope';
import { operatorToken, runAction } from '../../../test/ops-kit';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { operatorAudit } from '../../platform/db/schema';
import { runOperatorAction } from '../../platform/ops/operator-action';
import { loadConfigs } from '../configs';
import { operatorActions } from './action-registry';
import { loginOperator } from './operator-accounts';

/** The operators' API (decision 044): login, role checks, audited actions, the audit search. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (payload: Record<string, unknown>, ip = '10.1.1.1') =>
  t.app.inject({ method: 'POST', url: '/api/ops/login', payload, remoteAddress: ip });
const silentLog = { error: () => {} } as unknown as Parameters<typeof loadConfigs>[1];

describe('operator login', () => {
  it('needs the TOTP code of an operator who has a secret, and answers alike for every failure', async () => {
    const admin = await operatorToken(t, ['admin']);
    const made = expectOk(
      await runAction(t, admin, 'operators.create', {
        username: 'alice',
        password: 'alice-long-password',
        roles: ['support'],
      }),
      endpoints.opsRunAction,
    ).result as { totp_uri: string };
    const totp = OTPAuth.URI.parse(made.totp_uri) as OTPAuth.TOTP;
    // The audit row names the account and its roles, never its password.
    const audited = (await t.database.db.select().from(operatorAudit)).filter(
      (r) => r.action === 'operators.create' && r.target === 'operator:alice',
    );
    expect(audited).toHaveLength(1);
    expect(audited[0]?.input).toEqual({ username: 'alice', roles: ['support'], totp: true });
    expect(JSON.stringify(audited)).not.toContain('alice-long-password');

    const noCode = expectError(
      await login({ username: 'alice', password: 'alice-long-password' }),
      200,
      11001,
    );
    const badPassword = expectError(
      await login({ username: 'alice', password: 'nope-nope-nope' }),
      200,
      11001,
    );
    const unknown = expectError(await login({ username: 'nobody', password: 'x' }), 200, 11001);
    expect(new Set([noCode.msg, badPassword.msg, unknown.msg]).size).toBe(1);

    const code = totp.generate({ timestamp: t.clock.now().getTime() });
    const session = expectOk(
      await login({ username: 'alice', password: 'alice-long-password', totp: code }),
      endpoints.opsLogin,
    );
    expect(session.roles).toEqual(['support']);
    expect(session.expire_time).toBe(Math.floor(t.clock.now().getTime() / 1000) + 8 * 3600);
    const me = expectOk(
      await t.app.inject({ url: '/api/ops/me', headers: { ops_token: session.token } }),
      endpoints.opsMe,
    );
    expect(me.operator).toBe('op:alice');
    // Support may not create operators or set configs.
    expect(me.actions.map((a) => a.name)).not.toContain('operators.create');
  });

  it('locks a username out after 10 failures in 15 minutes', async () => {
    const admin = await operatorToken(t, ['admin']);
    await runAction(t, admin, 'operators.create', {
      username: 'bob',
      password: 'bob-long-password!',
      roles: ['content'],
      totp: false,
    });
    for (let i = 0; i < 10; i++) {
      expectError(await login({ username: 'bob', password: 'wrong' }, `10.2.0.${i}`), 200, 11001);
    }
    expectError(
      await login({ username: 'bob', password: 'bob-long-password!' }, '10.2.1.1'),
      429,
      10429,
    );
    t.clock.advance(15 * 60 * 1000 + 1);
    expectOk(
      await login({ username: 'bob', password: 'bob-long-password!' }, '10.2.1.1'),
      endpoints.opsLogin,
    );
  });

  it('refuses a family token, a missing token and an expired session', async () => {
    expectError(await t.app.inject({ url: '/api/ops/me' }), 401, 10008);
    expectError(
      await t.app.inject({ url: '/api/ops/me', headers: { ops_token: 'x'.repeat(43) } }),
      401,
      10008,
    );
    const token = await operatorToken(t, ['content']);
    t.clock.advance(8 * 3600 * 1000 + 1);
    expectError(
      await t.app.inject({ url: '/api/ops/me', headers: { ops_token: token } }),
      401,
      10008,
    );
  });
});

describe('the second factor and operator accounts', () => {
  it('where the development adapters are refused, an operator without a secret cannot log in until an admin enrols one', async () => {
    const admin = await operatorToken(t, ['admin']);
    expectOk(
      await runAction(t, admin, 'operators.create', {
        username: 'carol',
        password: 'carol-long-password',
        roles: ['content'],
        totp: false,
      }),
      endpoints.opsRunAction,
    );
    const production = { ...t.app.deps, config: { ...t.app.deps.config, allowDevAdapters: false } };
    const attempt = (totp?: string) =>
      loginOperator(production, {
        username: 'carol',
        password: 'carol-long-password',
        totp,
        ip: '10.3.0.1',
      });
    await expect(attempt()).rejects.toMatchObject({ code: 11001 });
    // Development: the same account logs in with its password alone.
    expectOk(
      await login({ username: 'carol', password: 'carol-long-password' }, '10.3.0.2'),
      endpoints.opsLogin,
    );

    // Enrolment: an admin gives a secret (with a reason); the URI is answered once.
    expectError(
      await runAction(t, admin, 'operators.resetTotp', { username: 'carol' }),
      400,
      10001,
    );
    const reset = expectOk(
      await runAction(t, admin, 'operators.resetTotp', { username: 'carol' }, '首次绑定'),
      endpoints.opsRunAction,
    ).result as { totp_uri: string };
    const totp = OTPAuth.URI.parse(reset.totp_uri) as OTPAuth.TOTP;
    const session = await attempt(totp.generate({ timestamp: t.clock.now().getTime() }));
    expect(session.operator.name).toBe('op:carol');
    // Now development asks for the code too: the account has a secret.
    expectError(
      await login({ username: 'carol', password: 'carol-long-password' }, '10.3.0.3'),
      200,
      11001,
    );

    // Disabled: the session ends at once and the next login fails alike.
    expectOk(
      await runAction(t, admin, 'operators.disable', { username: 'carol' }, '离职'),
      endpoints.opsRunAction,
    );
    expectError(
      await t.app.inject({ url: '/api/ops/me', headers: { ops_token: session.token } }),
      401,
      10008,
    );
    await expect(
      attempt(totp.generate({ timestamp: t.clock.now().getTime() })),
    ).rejects.toMatchObject({ code: 11001 });
  });

  it('refuses to make an operator without a second factor where the development adapters are refused', async () => {
    const production = { ...t.app.deps, config: { ...t.app.deps.config, allowDevAdapters: false } };
    const action = operatorActions.get('operators.create');
    if (!action) throw new Error('operators.create missing');
    await expect(
      runOperatorAction(production, { name: 'cli:test', roles: ['admin'] }, action, {
        username: 'dave',
        password: 'dave-long-password',
        roles: ['support'],
        totp: false,
      }),
    ).rejects.toMatchObject({ code: 10001 });
  });
});

describe('operator actions', () => {
  it('sets a config value through its schema and records before and after', async () => {
    const admin = await operatorToken(t, ['admin']);
    const before = (await loadConfigs(t.database.db, silentLog)).library_rewards;
    const wanted = { ...before, share_coins: before.share_coins + 7 };
    const ran = expectOk(
      await runAction(
        t,
        admin,
        'configs.set',
        { key: 'library_rewards', value: wanted },
        'holiday',
      ),
      endpoints.opsRunAction,
    );
    expect((await loadConfigs(t.database.db, silentLog)).library_rewards).toEqual(wanted);

    const audit = expectOk(
      await t.app.inject({
        url: '/api/ops/audit?target=config:library_rewards',
        headers: { ops_token: admin },
      }),
      endpoints.opsAudit,
    );
    expect(audit.list[0]).toMatchObject({
      id: ran.audit_id,
      action: 'configs.set',
      reason: 'holiday',
      before,
      after: wanted,
    });
    expect(audit.list[0]?.operator).toMatch(/^op:/);
  });

  it('refuses a bad value, an unknown key, an unknown action and a role without the right, writing nothing', async () => {
    const admin = await operatorToken(t, ['admin']);
    const support = await operatorToken(t, ['support']);
    const count = async () => (await t.database.db.select().from(operatorAudit)).length;
    const rows = await count();
    const bad = expectError(
      await runAction(t, admin, 'configs.set', {
        key: 'library_rewards',
        value: { share_coins: -1 },
      }),
      400,
      10001,
    );
    expect(bad.msg).toContain('value');
    expectError(await runAction(t, admin, 'configs.set', { key: 'nope', value: 1 }), 400, 10001);
    expectError(await runAction(t, admin, 'nothing.here', {}), 200, 10024);
    expectError(
      await runAction(t, support, 'configs.set', { key: 'levels', value: [] }),
      403,
      10403,
    );
    expectError(
      await runAction(t, admin, 'operators.create', {
        username: 'x',
        password: 'short',
        roles: [],
      }),
      400,
      10001,
    );
    expect(await count()).toBe(rows);
  });
});
