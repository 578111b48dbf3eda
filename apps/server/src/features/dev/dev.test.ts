import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../../test/envelope';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { isLoopback } from '../../platform/http/loopback';

/**
 * The development adapters show every login code and hand out OAuth codes, and `npm start`
 * listens on every interface: they answer this machine only, unless DEV_ADAPTERS_OPEN=1.
 */
describe('development adapters', () => {
  let closed: TestApp;
  let open: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    closed = await createTestApp();
    open = await createTestApp({ configOverrides: { devAdaptersOpen: true } });
    proxied = await createTestApp({ configOverrides: { trustProxy: 1 } });
  });
  afterAll(async () => {
    await Promise.all([closed.close(), open.close(), proxied.close()]);
  });

  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])('answer %s', async (ip) => {
    const res = await closed.app.inject({ url: '/dev/sms-outbox', remoteAddress: ip });
    expect(res.statusCode).toBe(200);
  });

  it.each(['/dev/sms-outbox', '/dev/oauth/consent?type=wx_web'])(
    'answer %s from another machine with 404, unless opened',
    async (url) => {
      const remoteAddress = '192.168.1.23';
      expectError(await closed.app.inject({ url, remoteAddress }), 404, 10404);
      expect((await open.app.inject({ url, remoteAddress })).statusCode).toBe(200);
    },
  );

  it('behind a load balancer, a client cannot claim to be this machine in X-Forwarded-For', async () => {
    // The balancer (127.0.0.1 here) appends the address it saw; the client wrote the first one.
    const spoofed = await proxied.app.inject({
      url: '/dev/sms-outbox',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '127.0.0.1, 198.51.100.9' },
    });
    expectError(spoofed, 404, 10404);
    const local = await proxied.app.inject({
      url: '/dev/sms-outbox',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(local.statusCode).toBe(200);
  });

  it('isLoopback knows loopback from the rest', () => {
    expect(['127.0.0.1', '::1', '::ffff:127.0.0.2'].every(isLoopback)).toBe(true);
    expect(['10.0.0.1', '::ffff:10.0.0.1', '1127.0.0.1', '::2', ''].some(isLoopback)).toBe(false);
  });
});
