import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ZBuildInfo } from '@picbook/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../../test/envelope';
import { pathSpellings } from '../../../test/path-spellings';
import { rawClient } from '../../../test/raw-http';
import { createTestApp, fixtureWebDist, type TestApp } from '../../../test/test-app';
import { signedUploadUrl } from '../storage/serve-uploads';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Public media (under no media rule): a sound, a note and a build artefact beside them.
  fs.mkdirSync(path.join(t.config.mediaDir, 'art'), { recursive: true });
  fs.writeFileSync(path.join(t.config.mediaDir, 'art/page-1.mp3'), 'page one');
  fs.writeFileSync(path.join(t.config.mediaDir, 'art/page-1.txt'), 'page one');
  fs.writeFileSync(path.join(t.config.mediaDir, 'art/manifest.json'), '{"pages":[]}');
  // A 1280×800 picture, named like the built assets (content hash in the name).
  await sharp({ create: { width: 1280, height: 800, channels: 3, background: '#3db6e8' } })
    .webp()
    .toFile(path.join(t.config.mediaDir, 'art/p1-1280.0123abcd.webp'));
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

  it.each(['/', '/library/read/12/1', '/index.html', '/parents/center'])(
    "%s: the CSP allows the page's own inline script by its SHA-256 and no other (decision 084)",
    async (url) => {
      const res = await t.app.inject({ url });
      const inline = 'window.fixtureBoot = 1;';
      expect(res.body).toContain(`<script>${inline}</script>`);
      const hash = createHash('sha256').update(inline).digest('base64');
      const scriptSrc = String(res.headers['content-security-policy'])
        .split('; ')
        .find((d) => d.startsWith('script-src'));
      expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
    },
  );

  it.each(['/ops', '/ops/', '/ops/login', '/ops/support?q=1'])(
    "serves the operator console page (ops.html) for %s, never the families' page",
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('data-page="ops"');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self';");
    },
  );

  it.each(['/opsx', '/parents/ops'])("serves the families' page for %s", async (url) => {
    const res = await t.app.inject({ url });
    expect(res.body).not.toContain('data-page="ops"');
  });

  it('serves hashed assets with a one-year immutable cache', async () => {
    const res = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each([
    ['br', zlib.brotliDecompressSync],
    ['gzip', zlib.gunzipSync],
  ] as const)(
    'sends the precompressed %s file of an asset, with Vary',
    async (encoding, decode) => {
      const res = await t.app.inject({
        url: '/assets/app-abc123.js',
        headers: { 'accept-encoding': `${encoding}, deflate` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decode(res.rawPayload).toString()).toBe(
        fs.readFileSync(path.join(fixtureWebDist, 'assets/app-abc123.js'), 'utf8'),
      );
    },
  );

  it('compresses API JSON above 1 KB by Accept-Encoding, and leaves small answers and media alone', async () => {
    const big = await t.app.inject({
      url: '/api/v1/configs',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(big.headers['content-encoding']).toBe('br');
    const json = JSON.parse(zlib.brotliDecompressSync(big.rawPayload).toString());
    expect(json.code).toBe(0);
    const plain = await t.app.inject({ url: '/api/v1/configs' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(json);
    expect(big.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const small = await t.app.inject({ url: '/build.json', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('does not answer a missing asset or API path with the app', async () => {
    expectError(await t.app.inject({ url: '/assets/missing.js' }), 404, 10404);
    expectError(await t.app.inject({ url: '/api/v1/missing' }), 404, 10404);
    expectError(await t.app.inject({ method: 'POST', url: '/library' }), 404, 10404);
  });
});

describe('/media/*', () => {
  it('serves content files with caching headers and ETag revalidation', async () => {
    const res = await t.app.inject({ url: '/media/art/page-1.mp3' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('page one');
    expect(res.headers['cache-control']).toContain('max-age=86400');
    expect(res.headers.etag).toBeTruthy();
    const again = await t.app.inject({
      url: '/media/art/page-1.mp3',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('supports byte ranges (audio seeking)', async () => {
    const res = await t.app.inject({
      url: '/media/art/page-1.mp3',
      headers: { range: 'bytes=0-3' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.body).toBe('page');
  });

  it('never serves what no client plays or shows (build artefacts, notes)', async () => {
    for (const url of ['/media/art/manifest.json', '/media/art/page-1.txt', '/media/art/']) {
      expectError(await t.app.inject({ url }), 404, 10404);
    }
  });

  it('answers 404 for missing media and refuses path traversal', async () => {
    expectError(await t.app.inject({ url: '/media/art/none.webp' }), 404, 10404);
    const res = await t.app.inject({ url: '/media/..%2f..%2fetc/passwd' });
    expect([400, 403, 404]).toContain(res.statusCode);
  });
});

describe('/media images with display options', () => {
  const url = '/media/art/p1-1280.0123abcd.webp';
  const dims = async (body: Buffer) => {
    const m = await sharp(body).metadata();
    return [m.width, m.height, m.format];
  };

  it('serves built assets with an immutable one-year cache', async () => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each([
    ['thumbnail=640x', [640, 400, 'webp']],
    ['thumbnail=x200', [320, 200, 'webp']],
    ['crop=270x270', [270, 270, 'webp']],
    ['scrop=400x300', [400, 300, 'webp']],
    ['cut=0,0,100,50', [100, 50, 'webp']],
    ['thumbnail=300x&format=jpeg&quality=60', [300, 188, 'jpeg']],
    // Rotation comes first (like EXIF orientation), then the thumbnail fits the turned picture.
    ['thumbnail=300x&rotate=90', [300, 480, 'webp']],
    ['placeholder=1', [24, 15, 'webp']],
    ['thumbnail=2048x', [1280, 800, 'webp']],
  ])('?%s renders a derivative of the right size and format', async (qs, expected) => {
    const res = await t.app.inject({ url: `${url}?${qs}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(await dims(res.rawPayload)).toEqual(expected);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a repeated request from the disk cache', async () => {
    const first = await t.app.inject({ url: `${url}?thumbnail=128x` });
    const cacheFiles = fs.readdirSync(path.join(t.config.dataDir, 'cache/images'), {
      recursive: true,
    });
    const again = await t.app.inject({ url: `${url}?thumbnail=128x` });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(
      fs.readdirSync(path.join(t.config.dataDir, 'cache/images'), { recursive: true }),
    ).toEqual(cacheFiles);
  });

  it.each([
    ['thumbnail=huge', 'thumbnail'],
    ['thumbnail=4096x4096', 'thumbnail'],
    ['thumbnail=123x', 'thumbnail'],
    ['blur=2.5', 'blur'],
    ['rotate=45.5', 'rotate'],
    ['quality=101', 'quality'],
    ['cut=1200,700,200,200', 'cut'],
    ['gravity=up', 'gravity'],
    ['thumbnail=128x&size=10', 'size'],
  ])('?%s answers 400 / 10001 naming %s, never a crash', async (qs, field) => {
    const body = expectError(await t.app.inject({ url: `${url}?${qs}` }), 400, 10001);
    expect(body.data?.field).toBe(field);
  });

  it('renders a few at a time: a flood of made-up variants gets 429 with a retry hint, never a 500', async () => {
    const variants = Array.from(
      { length: 40 },
      (_, i) => `${url}?blur=${11 + i}&quality=${50 + i}`,
    );
    const answers = await Promise.all(variants.map((u) => t.app.inject({ url: u })));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    const refused = answers.find((r) => r.statusCode === 429);
    expect(refused?.json()).toMatchObject({ code: 10429, data: { retry_after: 2 } });
    expect(refused?.headers['retry-after']).toBe('2');
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
  });

  it('refuses options on a file that is not an image, and missing files', async () => {
    expectError(await t.app.inject({ url: '/media/art/page-1.mp3?thumbnail=128x' }), 404, 10404);
    expectError(await t.app.inject({ url: '/media/art/nope.webp?thumbnail=128x' }), 404, 10404);
    // A path with no canonical form is refused before any handler (decision 086).
    expectError(
      await t.app.inject({ url: '/media/..%2F..%2Fetc%2Fpasswd.png?thumbnail=128x' }),
      400,
      10001,
    );
  });
});

describe('every static prefix under other spellings of its paths (issue 35, decision 086)', () => {
  const secret = 'not for the web';
  let raw: Awaited<ReturnType<typeof rawClient>>;
  beforeAll(async () => {
    raw = await rawClient(t.app);
    // Beside the deployment's media root (DATA_DIR/media), never under it.
    fs.writeFileSync(path.join(t.config.dataDir, 'secret.mp3'), secret);
  });
  afterAll(() => raw.close());
  /** Ways out of a prefix's root to `target` (a path relative to the root's parent). */
  const escapes = (prefix: string, target: string) => [
    `/${prefix}/../${target}`,
    `/${prefix}/..%2f${target}`,
    `/${prefix}/%2e%2e/${target}`,
    `/${prefix}/%2E%2E%2F${target}`,
    `/${prefix}/%252e%252e/${target}`,
    `/${prefix}/%252e%252e%252f${target}`,
    `/${prefix}/x/../../${target}`,
    `/${prefix}//..//${target}`,
    `/${prefix}/..\\${target}`,
    `/${prefix}/.%2e/${target}`,
    `/${prefix}/${target.replace(/^/, '..;/')}`,
  ];

  it('no way out of /media, /legal or the web app to a file beside them', async () => {
    const urls = [
      ...escapes('media', 'secret.mp3'),
      ...escapes('legal', '../secret.mp3'),
      ...escapes('assets', '../test-app.ts'),
      ...escapes('', '../test-app.ts').map((url) => url.replace(/^\/\//, '/')),
    ];
    for (const url of urls) {
      const res = await raw.get(url);
      expect(res.body, url).not.toContain(secret);
      expect(res.body, url).not.toContain('createTestApp');
      expect([200, 400, 403, 404], url).toContain(res.statusCode);
    }
  });

  it('a stored recording answers only its signed URL, under no other spelling', async () => {
    const key = 'rec/0123456789abcdef0123456789abcdef.mp3';
    await t.app.deps.storage.put(key, Buffer.from(secret), 'audio/mpeg');
    const signed = signedUploadUrl(t.app.deps.urlSigner, key, 'family');
    expect((await raw.get(signed)).body).toBe(secret);
    const query = signed.slice(signed.indexOf('?'));
    for (const url of pathSpellings('uploads', key)) {
      const res = await raw.get(url);
      expect([400, 403, 404], url).toContain(res.statusCode);
      expect(res.body, url).not.toContain(secret);
    }
    // A canonical spelling of the signed path is the same URL; a changed path is not.
    expect((await raw.get(`/uploads//${key}${query}`)).statusCode).toBe(200);
    const other = key.replace('0123', '1123');
    expect((await raw.get(`/uploads/${other}${query}`)).statusCode).toBe(404);
  });

  it('public media answer their canonical path only as themselves', async () => {
    for (const url of pathSpellings('media', 'art/page-1.mp3')) {
      const res = await raw.get(url);
      if (res.statusCode === 200) expect(res.body, url).toBe('page one');
      else expect([400, 404], url).toContain(res.statusCode);
    }
  });
});
