import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** At LOG_LEVEL=info: one line per request with its id, none for health probes (issue 11). */
const lines: Array<Record<string, unknown>> = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logger: { level: 'info', stream: sink } });
});
afterAll(() => t.close());

describe('the request log', () => {
  it('writes one line per request, with its id, path without the query, status and time', async () => {
    lines.length = 0;
    const res = await t.app.inject({
      url: '/api/v1/sms?mobile=13900000000&nation_code=86',
      headers: { 'x-request-id': 'trace-me-123' },
    });
    const mine = lines.filter((l) => l.reqId === 'trace-me-123');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      path: '/api/v1/sms',
      status: res.statusCode,
    });
    expect(typeof mine[0]?.ms).toBe('number');
    expect(JSON.stringify(mine)).not.toContain('13900000000');
  });

  it('writes nothing for /healthz', async () => {
    lines.length = 0;
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect(lines).toEqual([]);
  });
});
