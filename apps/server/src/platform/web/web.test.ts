import fs from 'node:fs';
import path from 'node:path';
import { ZBuildInfo } from '@picbook/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../../test/envelope';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  fs.mkdirSync(path.join(t.config.mediaDir, 'books/b1'), { recursive: true });
  fs.writeFileSync(path.join(t.config.mediaDir, 'books/b1/page-1.txt'), 'page one');
});
afterAll(() => t.close());

describe('GET /build.json', () => {
  it('answers source and time of the current web build, never cached', async () => {
    const res = await t.app.inject({ url: '/build.json' });
    expect(res.statusCode).toBe(200);
    expect(ZBuildInfo.parse(res.json())).toEqual({ source: 'fixture-1', time: 1795000000 });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('the single-page app', () => {
  it.each(['/', '/library', '/library/read/12/1-2', '/parents/center', '/some/unknown/path'])(
    'serves index.html for client route %s, uncached, with a CSP',
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    },
  );

  it('serves hashed assets with a one-year immutable cache', async () => {
    const res = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('does not answer a missing asset or API path with the app', async () => {
    expectError(await t.app.inject({ url: '/assets/missing.js' }), 404, 10404);
    expectError(await t.app.inject({ url: '/api/v1/missing' }), 404, 10404);
    expectError(await t.app.inject({ method: 'POST', url: '/library' }), 404, 10404);
  });
});

describe('/media/*', () => {
  it('serves content files with caching headers and ETag revalidation', async () => {
    const res = await t.app.inject({ url: '/media/books/b1/page-1.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('page one');
    expect(res.headers['cache-control']).toContain('max-age=86400');
    expect(res.headers.etag).toBeTruthy();
    const again = await t.app.inject({
      url: '/media/books/b1/page-1.txt',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('supports byte ranges (audio seeking)', async () => {
    const res = await t.app.inject({
      url: '/media/books/b1/page-1.txt',
      headers: { range: 'bytes=0-3' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.body).toBe('page');
  });

  it('answers 404 for missing media and refuses path traversal', async () => {
    expectError(await t.app.inject({ url: '/media/books/none.webp' }), 404, 10404);
    const res = await t.app.inject({ url: '/media/..%2f..%2fetc/passwd' });
    expect([400, 403, 404]).toContain(res.statusCode);
  });
});
