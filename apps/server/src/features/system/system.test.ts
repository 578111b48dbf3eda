import { endpoints, PINGBACK_MAX_EVENTS } from '@picbook/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../test/envelope';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { pingbackDaily } from '../../platform/db/schema';
import { chinaDate } from '../../platform/time';
import { PINGBACK_RULES } from './pingback';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    beforeReady(app) {
      app.get('/api/v1/__boom', async () => {
        throw new Error('connection string postgres://secret@db');
      });
    },
  });
});
afterAll(() => t.close());

describe('GET /api/serverinfo', () => {
  it('answers the server time in Unix seconds as data.t', async () => {
    const data = expectOk(await t.app.inject({ url: '/api/serverinfo' }), endpoints.serverInfo);
    expect(data.t).toBe(Math.floor(t.clock.now().getTime() / 1000));
    t.clock.advance(90_000);
    const later = expectOk(await t.app.inject({ url: '/api/serverinfo' }), endpoints.serverInfo);
    expect(later.t - data.t).toBe(90);
  });
});

describe('GET /api/v1/uuid', () => {
  it('answers a different v4 uuid each time', async () => {
    const a = expectOk(await t.app.inject({ url: '/api/v1/uuid' }), endpoints.uuid);
    const b = expectOk(await t.app.inject({ url: '/api/v1/uuid' }), endpoints.uuid);
    expect(a.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a.uuid).not.toBe(b.uuid);
  });
});

describe('envelope and errors', () => {
  it('wraps success as {code: 0, msg, data} and echoes a request id header', async () => {
    const res = await t.app.inject({ url: '/api/serverinfo' });
    expect(Object.keys(res.json())).toEqual(['code', 'msg', 'data']);
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-instance']).toBeUndefined();
  });

  it('names the answering process in x-instance when INSTANCE_NAME is set', async () => {
    const named = await createTestApp({ configOverrides: { instanceName: 'api-b' } });
    try {
      expect((await named.app.inject({ url: '/api/serverinfo' })).headers['x-instance']).toBe(
        'api-b',
      );
      expect((await named.app.inject({ url: '/api/v1/nowhere' })).headers['x-instance']).toBe(
        'api-b',
      );
    } finally {
      await named.close();
    }
  });

  it('answers 500 with code 10000, the request id and nothing internal', async () => {
    const res = await t.app.inject({
      url: '/api/v1/__boom',
      headers: { 'x-request-id': 'req-abcdef12' },
    });
    const body = expectError(res, 500, 10000);
    expect(body.data?.request_id).toBe('req-abcdef12');
    expect(body.msg).toContain('req-abcdef12');
    expect(body.msg).not.toMatch(/postgres|secret|Error/);
  });

  it('answers unknown API paths with 404 / 10404', async () => {
    expectError(await t.app.inject({ url: '/api/v1/nope' }), 404, 10404);
    expectError(await t.app.inject({ method: 'POST', url: '/api/v1/nope' }), 404, 10404);
  });

  it('answers malformed JSON with 400 / 10001', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/guest_login',
      headers: { 'content-type': 'application/json' },
      payload: '{"device_id": ',
    });
    const body = expectError(res, 400, 10001);
    expect(body.msg).toContain('JSON');
  });
});

describe('POST /api/v1/pingback', () => {
  it('accepts a batch of tracking events', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/pingback',
      payload: {
        sid: 's1',
        events: [
          { event: 'pv', ts: 1, path: '/library' },
          { event: 'timeout_error', ts: 2 },
        ],
      },
    });
    expect(expectOk(res, endpoints.pingback).accepted).toBe(2);
  });

  it('refuses an empty batch naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/pingback',
      payload: { events: [] },
    });
    expect(expectError(res, 400, 10001).data?.field).toBe('events');
  });

  const batch = (events: object[], headers: Record<string, string> = {}, ip = '203.0.113.50') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/pingback',
      payload: { sid: 's', events },
      headers,
      remoteAddress: ip,
    });
  const countsToday = async () =>
    Object.fromEntries(
      (
        await t.database.db
          .select()
          .from(pingbackDaily)
          .where(eq(pingbackDaily.day, chinaDate(t.clock.now())))
      ).map((r) => [`${r.event}/${r.level}`, r.count]),
    );

  it('counts events per China day, event and level for operators (not a log line each)', async () => {
    const before = await countsToday();
    const pv = { event: 'pv', ts: 1, path: '/library' };
    expectOk(
      await batch([pv, pv, { event: 'timeout_error', ts: 2, level: 'error' }]),
      endpoints.pingback,
    );
    // 20 batches at once (one upsert each, rows in key order): every event counts.
    const all = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        batch([pv, { event: 'update', ts: 3 }], { uuid: `pingback-device-${i}` }),
      ),
    );
    for (const res of all) expectOk(res, endpoints.pingback);
    const after = await countsToday();
    const grew = (key: string) => (after[key] ?? 0) - (before[key] ?? 0);
    expect([grew('pv/info'), grew('update/info'), grew('timeout_error/error')]).toEqual([
      22, 20, 1,
    ]);
  });

  it('caps events per request and requests per client (429 with a retry hint)', async () => {
    const many = Array.from({ length: PINGBACK_MAX_EVENTS + 1 }, () => ({ event: 'pv', ts: 1 }));
    expect(expectError(await batch(many), 400, 10001).data?.field).toBe('events');
    expectError(await batch([{ event: 'PV!', ts: 1 }]), 400, 10001);
    const device = { uuid: 'pingback-busy-device' };
    for (let i = 0; i < PINGBACK_RULES.perClient[0].limit; i++) {
      expectOk(await batch([{ event: 'pv', ts: 1 }], device, '203.0.113.51'), endpoints.pingback);
    }
    const refused = await batch([{ event: 'pv', ts: 1 }], device, '203.0.113.51');
    expectError(refused, 429, 10429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another device at the same address is still heard.
    expectOk(
      await batch([{ event: 'pv', ts: 1 }], { uuid: 'pingback-other-device' }, '203.0.113.51'),
      endpoints.pingback,
    );
    t.clock.advance(61_000);
  });

  it('a beacon (no uuid header) counts by its session id, so families at one address do not share a limit', async () => {
    const beacon = (sid: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/pingback',
        payload: { sid, events: [{ event: 'pv', ts: 1 }] },
        remoteAddress: '203.0.113.52',
      });
    for (let i = 0; i < PINGBACK_RULES.perClient[0].limit; i++) {
      expectOk(await beacon('session-busy-1'), endpoints.pingback);
    }
    expectError(await beacon('session-busy-1'), 429, 10429);
    expectOk(await beacon('session-other-2'), endpoints.pingback);
    t.clock.advance(61_000);
  });
});

describe('GET /healthz', () => {
  it('reports the database up', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', db: 'up' });
  });
});

describe('GET /api/docs', () => {
  it('serves OpenAPI generated from the contract schemas', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/serverinfo',
        '/api/v1/configs',
        '/api/v1/guest_login',
        '/api/v1/user',
      ]),
    );
    const body =
      doc.paths['/api/v1/guest_login'].post.requestBody.content['application/json'].schema;
    expect(body.required).toContain('device_id');
    const ui = await t.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});
