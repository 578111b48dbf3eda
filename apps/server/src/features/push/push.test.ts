import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode, endpoints } from '@picbook/contracts';
import { PUSH_LEASE_SECONDS, PUSH_MAX_ATTEMPTS } from '@picbook/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, newPhone, phoneLogin } from '../../../test/auth-helpers';
import { expectError, expectOk } from '../../../test/envelope';
import { operatorToken, runAction } from '../../../test/ops-kit';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { loadConfig } from '../../platform/config';
import { pushJobs, pushSubscriptions } from '../../platform/db/schema';
import { createJPushChannel, pushChannelByKind } from '../../platform/push/jpush';
import type { PushChannel, PushTarget } from '../../platform/push/types';
import { createWebPushChannel } from '../../platform/push/web-push';
import { recordingChannel } from './push.test-kit';
import { claimPushJobs, enqueuePush, runPushRound } from './push-jobs';

/** China wall-clock → Date. 2026-12-07 is a Monday, 2026-12-13 a Sunday. */
const china = (iso: string) => new Date(`${iso}+08:00`);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

let endpointSeq = 0;
const webSubscription = (path = 'ok') => ({
  kind: 'web' as const,
  endpoint: `https://push.example.com/${path}/${process.pid}-${++endpointSeq}`,
  keys: { p256dh: `B${'x'.repeat(86)}`, auth: 'abcdefghijklmnopqrstuv' },
});

async function family(options: { reminder?: string | null; subscribe?: string | false } = {}) {
  const login = await phoneLogin(t, newPhone());
  const token = login.access_token;
  const headers = auth(token);
  if (options.reminder !== undefined) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/parent_space/learn_setting',
      headers,
      payload: {
        daily_minutes: 15,
        study_days: [1, 2, 3, 4, 5, 6, 7],
        reminder_time: options.reminder,
        level: 1,
      },
    });
    expectOk(res, endpoints.learnSetting);
  }
  if (options.subscribe !== false) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/push/subscribe',
      headers,
      payload: webSubscription(options.subscribe ?? 'ok'),
    });
    expectOk(res, endpoints.pushSubscribe);
  }
  return { token, userId: login.user.id, headers };
}

/** A test push queued for a family at `now` (as the console's push.sendTest does). */
const queueTest = (userId: number, dedupeKey: string, now: Date, url = '/parents/center') =>
  enqueuePush(t.database.db, {
    userId,
    kind: 'test',
    dedupeKey,
    payload: { title: 't', body: 'b', url },
    runAt: now,
  });

const deps = (channel: PushChannel) => ({ db: t.database.db, push: channel, clock: t.clock });

describe('subscriptions', () => {
  it('answers the VAPID public key (the development key here) for the browser to subscribe with', async () => {
    const res = await t.app.inject({ url: '/api/v1/configs/push' });
    expect(expectOk(res, endpoints.pushConfig).vapid_public_key).toMatch(/^B[\w-]{86}$/);
  });

  it('a browser subscription and a native token go through the same call; unsubscribe removes one', async () => {
    const f = await family({ subscribe: false });
    const web = webSubscription();
    const a = expectOk(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/push/subscribe',
        headers: f.headers,
        payload: web,
      }),
      endpoints.pushSubscribe,
    );
    expect(a.subscriptions).toBe(1);
    const native = expectOk(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/push/subscribe',
        headers: f.headers,
        payload: { kind: 'native', endpoint: 'jpush:1a0018970a1b2c3d', platform: 'android' },
      }),
      endpoints.pushSubscribe,
    );
    expect(native.subscriptions).toBe(2);
    // The same browser again: still one row for it.
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/push/subscribe',
      headers: f.headers,
      payload: web,
    });
    const removed = expectOk(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/push/unsubscribe',
        headers: f.headers,
        payload: { endpoint: web.endpoint },
      }),
      endpoints.pushUnsubscribe,
    );
    expect(removed.removed).toBe(1);
    const rows = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, f.userId));
    expect(rows.map((r) => r.kind)).toEqual(['native']);
  });

  it('refuses a plain-http endpoint with a clear message, and a caller without a login', async () => {
    const f = await family({ subscribe: false });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/push/subscribe',
      headers: f.headers,
      payload: { ...webSubscription(), endpoint: 'http://push.example.com/x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('endpoint 须为 https 地址');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/push/subscribe',
      payload: webSubscription(),
    });
    expect(anonymous.json().code).not.toBe(0);
  });
});

describe('the daily reminder at the chosen time (China), once, not after studying, not at night, off stops it', () => {
  it('goes out at 19:30 to the family that chose it, opening the study plan; once a day', async () => {
    t.clock.set(china('2026-12-07T19:00:00'));
    const f = await family({ reminder: '19:30' });
    const { channel, sent } = recordingChannel();
    await runPushRound(deps(channel));
    expect(sent.filter((s) => s.target.userId === f.userId)).toHaveLength(0);
    t.clock.set(china('2026-12-07T19:30:00'));
    await runPushRound(deps(channel));
    const mine = sent.filter((s) => s.target.userId === f.userId);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.message).toMatchObject({ title: '该读绘本啦', url: '/learning' });
    t.clock.set(china('2026-12-07T19:45:00'));
    await runPushRound(deps(channel));
    expect(sent.filter((s) => s.target.userId === f.userId)).toHaveLength(1);
    // The next day again.
    t.clock.set(china('2026-12-08T19:31:00'));
    await runPushRound(deps(channel));
    expect(sent.filter((s) => s.target.userId === f.userId)).toHaveLength(2);
  });

  it('not on a day the child already studied', async () => {
    t.clock.set(china('2026-12-09T18:00:00'));
    const f = await family({ reminder: '19:00' });
    const studied = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/study_time',
      headers: f.headers,
      payload: { book_id: 0, kind: 'read', seconds: 90 },
    });
    expectOk(studied, endpoints.studyTime);
    t.clock.set(china('2026-12-09T19:00:00'));
    const { channel, sent } = recordingChannel();
    await runPushRound(deps(channel));
    expect(sent.filter((s) => s.target.userId === f.userId)).toHaveLength(0);
  });

  it('never in the quiet window (a reminder chosen for 22:00 is not sent)', async () => {
    const f = await family({ reminder: '22:00' });
    const { channel, sent } = recordingChannel();
    t.clock.set(china('2026-12-09T22:00:00'));
    await runPushRound(deps(channel));
    expect(sent.filter((s) => s.target.userId === f.userId)).toHaveLength(0);
  });

  it('turning it off stops one already queued', async () => {
    t.clock.set(china('2026-12-10T08:00:00'));
    const f = await family({ reminder: '08:00' });
    const today = await runPushRound(deps(recordingChannel().channel));
    expect(today.planned).toBeGreaterThanOrEqual(1);
    // Tomorrow's is queued (as a planner would), then the parent turns the reminder off.
    await enqueuePush(t.database.db, {
      userId: f.userId,
      kind: 'reminder',
      dedupeKey: 'reminder:2026-12-11',
      payload: { title: 'x', body: 'y', url: '/learning' },
      runAt: china('2026-12-11T08:00:00'),
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/parent_space/learn_setting',
      headers: f.headers,
      payload: {
        daily_minutes: 15,
        study_days: [1, 2, 3, 4, 5, 6, 7],
        reminder_time: null,
        level: 1,
      },
    });
    t.clock.set(china('2026-12-11T08:00:30'));
    const { channel, sent } = recordingChannel();
    await runPushRound(deps(channel));
    expect(sent.filter((s) => s.target.userId === f.userId)).toHaveLength(0);
    const [job] = await t.database.db
      .select()
      .from(pushJobs)
      .where(eq(pushJobs.dedupeKey, 'reminder:2026-12-11'));
    expect(job).toMatchObject({ status: 'skipped', lastError: 'off' });
  });
});

describe('the weekly report on Sunday evening', () => {
  it('goes to a family whose child learned this week, opening the report list', async () => {
    t.clock.set(china('2026-12-12T10:00:00'));
    const f = await family();
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/study_time',
      headers: f.headers,
      payload: { book_id: 0, kind: 'read', seconds: 120 },
    });
    const { channel, sent } = recordingChannel();
    t.clock.set(china('2026-12-13T18:59:00'));
    await runPushRound(deps(channel));
    expect(sent.filter((s) => s.target.userId === f.userId)).toHaveLength(0);
    t.clock.set(china('2026-12-13T19:00:00'));
    await runPushRound(deps(channel));
    t.clock.set(china('2026-12-13T20:00:00'));
    await runPushRound(deps(channel));
    const mine = sent.filter((s) => s.target.userId === f.userId);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.message.title).toBe('本周学习报告');
    expect(mine[0]?.message.body).toContain('共 2 分钟');
    expect(mine[0]?.message.url).toBe('/parents/reportList');
  });
});

describe('the job table: runs once with several workers, survives a crash, drops expired subscriptions, retries', () => {
  it('two workers at once deliver each of 12 families’ reminders exactly once', async () => {
    t.clock.set(china('2026-12-14T07:00:00'));
    const families = [];
    for (let i = 0; i < 12; i++) families.push(await family({ reminder: '07:45' }));
    t.clock.set(china('2026-12-14T07:45:00'));
    const a = recordingChannel(async () => {
      await new Promise((r) => setTimeout(r, 5));
      return { status: 'delivered' };
    });
    const b = recordingChannel(async () => {
      await new Promise((r) => setTimeout(r, 5));
      return { status: 'delivered' };
    });
    await Promise.all([runPushRound(deps(a.channel)), runPushRound(deps(b.channel))]);
    const ids = new Set(families.map((f) => f.userId));
    const all = [...a.sent, ...b.sent].filter((s) => ids.has(s.target.userId));
    expect(all).toHaveLength(12);
    expect(new Set(all.map((s) => s.target.userId)).size).toBe(12);
  });

  it('a job claimed by a process that died is delivered by another after the lease; none lost', async () => {
    const f = await family();
    const now = china('2026-12-15T10:00:00');
    t.clock.set(now);
    await queueTest(f.userId, 'test:crash', now);
    // Process A claims it and dies before sending.
    const claimed = await claimPushJobs(t.database.db, now);
    expect(claimed.some((j) => j.dedupeKey === 'test:crash')).toBe(true);
    const { channel, sent } = recordingChannel();
    await runPushRound(deps(channel));
    expect(sent.filter((s) => s.target.userId === f.userId)).toHaveLength(0);
    t.clock.set(new Date(now.getTime() + (PUSH_LEASE_SECONDS + 1) * 1000));
    await runPushRound(deps(channel));
    expect(sent.filter((s) => s.target.userId === f.userId)).toHaveLength(1);
  });

  it('a 410 subscription is removed; failures retry with backoff and end as a dead record', async () => {
    const gone = await family({ subscribe: 'gone' });
    const failing = await family();
    const now = china('2026-12-16T10:00:00');
    t.clock.set(now);
    for (const f of [gone, failing]) {
      await queueTest(f.userId, 'test:410', now);
    }
    const { channel } = recordingChannel(async (target) =>
      target.endpoint.includes('/gone/')
        ? { status: 'gone', error: '410 Gone' }
        : { status: 'failed', error: '503 Service Unavailable' },
    );
    await runPushRound(deps(channel));
    const left = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, gone.userId));
    expect(left).toHaveLength(0);
    for (let i = 1; i < PUSH_MAX_ATTEMPTS; i++) {
      t.clock.advance(3 * 3600 * 1000);
      await runPushRound(deps(channel));
    }
    const jobs = await t.database.db
      .select()
      .from(pushJobs)
      .where(eq(pushJobs.dedupeKey, 'test:410'));
    const byUser = new Map(jobs.map((j) => [j.userId, j]));
    expect(byUser.get(gone.userId)).toMatchObject({ status: 'skipped', failed: 1 });
    expect(byUser.get(failing.userId)).toMatchObject({
      status: 'dead',
      attempts: PUSH_MAX_ATTEMPTS,
      failed: PUSH_MAX_ATTEMPTS,
      lastError: '503 Service Unavailable',
    });
  });
});

describe('the Web Push adapter (web-push, VAPID) against a local push service', () => {
  it('posts an encrypted payload with a VAPID authorisation; 410 means gone', async () => {
    const seen: Array<Record<string, string | string[] | undefined>> = [];
    let status = 201;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'picbook-push-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    const cert = fs.readFileSync(path.join(dir, 'cert.pem'));
    const key = fs.readFileSync(path.join(dir, 'key.pem'));
    fs.rmSync(dir, { recursive: true, force: true });
    const server = https.createServer({ cert, key }, (req, res) => {
      seen.push(req.headers);
      req.resume();
      req.on('end', () => {
        res.statusCode = status;
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    try {
      const config = loadConfig({ NODE_ENV: 'test' }).push.vapid;
      if (!config) throw new Error('no development VAPID key');
      const channel = createWebPushChannel({
        ...config,
        agent: new https.Agent({ ca: cert, checkServerIdentity: () => undefined }),
      });
      const ecdh = createECDH('prime256v1');
      const target: PushTarget = {
        kind: 'web',
        endpoint: `https://127.0.0.1:${port}/push/abc`,
        p256dh: ecdh.generateKeys().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
        userId: 1,
      };
      const message = { title: '该读绘本啦', body: 'b', url: '/learning' };
      expect(await channel.send(target, message)).toEqual({ status: 'delivered' });
      expect(seen[0]?.authorization).toMatch(/^vapid t=.+, k=B/);
      expect(seen[0]?.['content-encoding']).toBe('aes128gcm');
      status = 410;
      expect((await channel.send(target, message)).status).toBe('gone');
      status = 500;
      expect((await channel.send(target, message)).status).toBe('failed');
    } finally {
      server.close();
    }
  });
});

describe('the planner reads only the families due now (decision 104)', () => {
  it('a family who studied today gets one skipped row, so later rounds pass it over', async () => {
    t.clock.set(china('2026-12-17T12:00:00'));
    const f = await family({ reminder: '12:30' });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/study_time',
      headers: f.headers,
      payload: { book_id: 0, kind: 'read', seconds: 90 },
    });
    const { channel, sent } = recordingChannel();
    for (const at of ['12:30:00', '12:30:30', '13:00:00']) {
      t.clock.set(china(`2026-12-17T${at}`));
      await runPushRound(deps(channel));
    }
    expect(sent.filter((s) => s.target.userId === f.userId)).toHaveLength(0);
    const jobs = await t.database.db.select().from(pushJobs).where(eq(pushJobs.userId, f.userId));
    expect(jobs).toEqual([
      expect.objectContaining({
        dedupeKey: 'reminder:2026-12-17',
        status: 'skipped',
        lastError: 'studied',
      }),
    ]);
  });

  const everyDay = [1, 2, 3, 4, 5, 6, 7];
  it.each<[string, string, string, number, number[]]>([
    ['an hour late: not planned', '2026-12-18T13:30:00', '12:30', 0, everyDay],
    ['59 minutes late: planned', '2026-12-18T13:29:00', '12:30', 1, everyDay],
    ['not a study day (Friday)', '2026-12-18T12:30:00', '12:30', 0, [1, 2, 3, 4]],
  ])('%s', async (_name, now, reminder, expected, days) => {
    const f = await family({ reminder });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/parent_space/learn_setting',
      headers: f.headers,
      payload: { daily_minutes: 15, study_days: days, reminder_time: reminder, level: 1 },
    });
    t.clock.set(china(now));
    const { channel, sent } = recordingChannel();
    await runPushRound(deps(channel));
    expect(sent.filter((s) => s.target.userId === f.userId)).toHaveLength(expected);
  });
});

describe('POST /dev/push-round: one round at a chosen time, this machine only, no clock moved', () => {
  const round = (at: number, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/dev/push-round', payload: { at }, remoteAddress });

  it('sends the reminder due at `at`; the server’s clock stays where it was', async () => {
    t.clock.set(china('2026-12-19T03:00:00'));
    const f = await family({ reminder: '16:00' });
    const at = Math.floor(china('2026-12-19T16:00:00').getTime() / 1000);
    const res = await round(at);
    expect(res.json()).toMatchObject({ code: 0, data: { planned: 1 } });
    expect(t.app.deps.clock.now()).toEqual(china('2026-12-19T03:00:00'));
    const outbox = await t.app.inject({ url: '/dev/push-outbox', remoteAddress: '127.0.0.1' });
    const mine = outbox.json().data.filter((p: { user_id: number }) => p.user_id === f.userId);
    expect(mine).toEqual([expect.objectContaining({ title: '该读绘本啦', url: '/learning' })]);
  });

  it('is refused from another machine and beyond a week and a day from the real time', async () => {
    t.clock.set(china('2026-12-19T03:00:00'));
    const at = Math.floor(china('2026-12-19T16:00:00').getTime() / 1000);
    expect((await round(at, '10.1.2.3')).json().code).toBe(ErrorCode.RouteNotFound);
    expect((await round(at + 9 * 86_400)).json().code).toBe(ErrorCode.InvalidParams);
    expect((await round(at - 9 * 86_400)).json().code).toBe(ErrorCode.InvalidParams);
  });

  it('does not exist with a real push channel (production refuses the outbox: see configuration)', async () => {
    const real = await createTestApp({ services: { push: recordingChannel().channel } });
    try {
      const res = await real.app.inject({
        method: 'POST',
        url: '/dev/push-round',
        payload: { at: 0 },
        remoteAddress: '127.0.0.1',
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await real.close();
    }
  }, 90_000);
});

/** A local stand-in for JPush's push call (REST API v3), answering as JPush does. */
async function fakeJPush(appKey: string, masterSecret: string) {
  const requests: Array<{ authorization?: string; body: Record<string, unknown> }> = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const body = JSON.parse(raw || '{}');
      requests.push({ authorization: req.headers.authorization, body });
      const answer = (status: number, data: object) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(data));
      };
      const expected = `Basic ${Buffer.from(`${appKey}:${masterSecret}`).toString('base64')}`;
      if (req.method !== 'POST' || req.url !== '/v3/push') return answer(404, {});
      if (req.headers.authorization !== expected) {
        return answer(401, { error: { code: 1004, message: 'Authen failed' } });
      }
      const ids: string[] = body.audience?.registration_id ?? [];
      if (ids.some((id) => id.startsWith('gone'))) {
        return answer(400, {
          msg_id: '18100000000000001',
          error: {
            code: 1011,
            message:
              'cannot find user by this audience or has been inactive for more than 255 days',
          },
        });
      }
      return answer(200, { sendno: '0', msg_id: '18100000000000002' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3/push`;
  return { url, requests, close: () => new Promise((r) => server.close(r)) };
}

describe('the native shells’ push through JPush (REST API v3) against a local JPush', () => {
  it('sends to the registration id the bridge handed over; an unknown id (1011) drops the device', async () => {
    const jpush = await fakeJPush('appkey123', 'secret456');
    try {
      const f = await family();
      for (const endpoint of ['1a0018970af4e5f9e7e', 'gone0018970af4e5f9e7e']) {
        expectOk(
          await t.app.inject({
            method: 'POST',
            url: '/api/v1/push/subscribe',
            headers: f.headers,
            payload: { kind: 'native', endpoint, platform: 'android' },
          }),
          endpoints.pushSubscribe,
        );
      }
      const web = recordingChannel();
      const channel = pushChannelByKind(
        web.channel,
        createJPushChannel({
          appKey: 'appkey123',
          masterSecret: 'secret456',
          url: jpush.url,
          apnsProduction: false,
        }),
      );
      const now = china('2026-12-20T10:00:00');
      t.clock.set(now);
      await enqueuePush(t.database.db, {
        userId: f.userId,
        kind: 'test',
        dedupeKey: 'test:jpush',
        payload: { title: '本周学习报告', body: 'b', url: '/parents/reportList' },
        runAt: now,
      });
      await runPushRound(deps(channel));
      expect(web.sent.filter((s) => s.target.userId === f.userId)).toHaveLength(1);
      expect(jpush.requests).toHaveLength(2);
      expect(jpush.requests[0]?.body).toMatchObject({
        platform: 'all',
        audience: { registration_id: ['1a0018970af4e5f9e7e'] },
        notification: {
          android: { title: '本周学习报告', alert: 'b', extras: { url: '/parents/reportList' } },
          ios: {
            alert: { title: '本周学习报告', body: 'b' },
            extras: { url: '/parents/reportList' },
          },
        },
        options: { apns_production: false },
      });
      const left = await t.database.db
        .select({ endpoint: pushSubscriptions.endpoint })
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, f.userId), eq(pushSubscriptions.kind, 'native')));
      expect(left).toEqual([{ endpoint: '1a0018970af4e5f9e7e' }]);
      const [job] = await t.database.db
        .select()
        .from(pushJobs)
        .where(and(eq(pushJobs.userId, f.userId), eq(pushJobs.dedupeKey, 'test:jpush')));
      expect(job).toMatchObject({ status: 'sent', delivered: 2, failed: 1 });
      expect(job?.lastError).toContain('jpush 400 1011');
    } finally {
      await jpush.close();
    }
  });

  it('a wrong master secret fails with JPush’s answer; web subscriptions are not JPush’s', async () => {
    const jpush = await fakeJPush('appkey123', 'secret456');
    try {
      const channel = createJPushChannel({
        appKey: 'appkey123',
        masterSecret: 'wrong',
        url: jpush.url,
        apnsProduction: true,
      });
      const target: PushTarget = {
        kind: 'native',
        endpoint: '1a0018970af4e5f9e7e',
        p256dh: null,
        auth: null,
        userId: 1,
      };
      const message = { title: 't', body: 'b', url: '/learning' };
      expect(await channel.send(target, message)).toEqual({
        status: 'failed',
        error: 'jpush 401 1004 Authen failed',
      });
      expect((await channel.send({ ...target, kind: 'web' }, message)).status).toBe('failed');
      expect(jpush.requests).toHaveLength(1);
      const none = pushChannelByKind(recordingChannel().channel, null);
      expect(await none.send(target, message)).toMatchObject({ status: 'failed' });
    } finally {
      await jpush.close();
    }
  });

  it('JPUSH_APP_KEY and JPUSH_MASTER_SECRET go together', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', JPUSH_APP_KEY: 'k' })).toThrow(
      /masterSecret is missing/,
    );
    expect(
      loadConfig({ NODE_ENV: 'test', JPUSH_APP_KEY: 'k', JPUSH_MASTER_SECRET: 's' }).push.jpush,
    ).toEqual({
      appKey: 'k',
      masterSecret: 's',
      url: 'https://api.jpush.cn/v3/push',
      apnsProduction: true,
    });
  });
});

describe('configuration', () => {
  it('production refuses the development outbox; webpush needs its VAPID keys', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', MEDIA_URL_KEY: 'k'.repeat(40) })).toThrow(
      /PUSH_PROVIDER: the development push outbox is refused in production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', PUSH_PROVIDER: 'webpush' })).toThrow(
      /PUSH_PROVIDER=webpush needs VAPID_PUBLIC_KEY/,
    );
  });
});

describe('operator console: what was sent, and a test to one’s own device', () => {
  it('push.sendTest queues a test (reason required) that the worker delivers; push.deliveries shows it', async () => {
    const f = await family();
    const op = await operatorToken(t, ['support']);
    const noReason = await runAction(t, op, 'push.sendTest', { user_id: f.userId });
    expect(noReason.json().code).not.toBe(0);
    const res = await runAction(t, op, 'push.sendTest', { user_id: f.userId }, '测试我的手机');
    expect(res.json(), res.body).toMatchObject({
      code: 0,
      data: { result: { queued: true, devices: 1 } },
    });
    const { channel, sent } = recordingChannel();
    await runPushRound(deps(channel));
    expect(sent.filter((s) => s.target.userId === f.userId)[0]?.message.title).toBe(
      'PicBook 测试通知',
    );
    const view = await t.app.inject({
      method: 'POST',
      url: '/api/ops/views/push.deliveries',
      headers: { ops_token: op },
      payload: { input: { days: 30 } },
    });
    const data = view.json().data.result;
    expect(data.summary).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'test', status: 'sent' })]),
    );
    expect(data.latest[0]).toMatchObject({ user_id: f.userId, kind: 'test', status: 'sent' });
    const none = await runAction(t, op, 'push.sendTest', { user_id: 999_999 }, 'x');
    expectError(none, 200, none.json().code);
  });
});
