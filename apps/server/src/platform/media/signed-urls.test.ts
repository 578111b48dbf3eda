import { describe, expect, it } from 'vitest';
import { createUrlSigner, pathOfUrl, signedCacheControl } from './signed-urls';

const HOUR = 3600_000;
const start = new Date('2026-11-21T02:10:00Z');
let now = start;
const clock = { now: () => now };
const signer = createUrlSigner({ key: 'a'.repeat(32), clock });
const PATH = '/media/books/1106/p1-1280.ae975a35.webp';

const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);
const at = (ms: number) => {
  now = new Date(start.getTime() + ms);
};

describe('signed URLs', () => {
  it('verify what sign issued: path, expiry and audience', () => {
    now = start;
    const url = signer.sign(PATH);
    expect(url).toMatch(/^\/media\/books\/1106\/p1-1280\.ae975a35\.webp\?exp=\d+&sig=[\w-]{22}$/);
    expect(signer.verify(PATH, queryOf(url))).toMatchObject({ ok: true, audience: null });
    const forFamily = signer.sign('/uploads/rec/ab.wav', { audience: 'family' });
    expect(forFamily).toContain('&aud=family');
    expect(signer.verify('/uploads/rec/ab.wav', queryOf(forFamily))).toMatchObject({
      ok: true,
      audience: 'family',
    });
  });

  it('expire at least 4 hours after issue, rounded up to the hour (one URL per hour: cacheable)', () => {
    now = start;
    const url = signer.sign(PATH);
    const exp = Number(queryOf(url).exp);
    expect(exp % 3600).toBe(0);
    expect(exp * 1000 - start.getTime()).toBeGreaterThanOrEqual(4 * HOUR);
    expect(exp * 1000 - start.getTime()).toBeLessThan(5 * HOUR);
    at(20 * 60_000);
    expect(signer.sign(PATH)).toBe(url);
    at(4 * HOUR);
    expect(signer.verify(PATH, queryOf(url)).ok).toBe(true);
    at(exp * 1000 - start.getTime());
    expect(signer.verify(PATH, queryOf(url))).toEqual({ ok: false, reason: 'expired' });
  });

  it.each([
    ['another path', (u: string) => u, '/media/books/1106/p2-1280.aaaaaaaa.webp'],
    ['a later expiry', (u: string) => u.replace(/exp=(\d+)/, (_, e) => `exp=${Number(e) + 3600}`)],
    ['another audience', (u: string) => `${u}&aud=family`],
    ['a changed signature', (u: string) => u.replace(/sig=./, 'sig=A')],
    ['a short signature', (u: string) => u.replace(/sig=([\w-]+)/, (_, s) => `sig=${s.slice(2)}`)],
    ['a non-numeric expiry', (u: string) => u.replace(/exp=\d+/, 'exp=1e12')],
  ])('refuse %s', (_label, change, path = PATH) => {
    now = start;
    const url = change(signer.sign(PATH));
    expect(signer.verify(path, queryOf(url))).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuse a URL without a signature, and one signed with another key', () => {
    now = start;
    expect(signer.verify(PATH, {})).toEqual({ ok: false, reason: 'missing' });
    const other = createUrlSigner({ key: 'b'.repeat(32), clock });
    expect(signer.verify(PATH, queryOf(other.sign(PATH)))).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('pathOfUrl drops origin, query and fragment', () => {
    expect(pathOfUrl('https://x.example/uploads/rec/a.wav?exp=1&sig=2#t')).toBe(
      '/uploads/rec/a.wav',
    );
    expect(pathOfUrl('/uploads/rec/a.wav')).toBe('/uploads/rec/a.wav');
  });

  it('answers may be cached until the URL expires, never longer, at most the cap', () => {
    const t = new Date(1_000_000_000);
    expect(signedCacheControl(1_000_000 + 600, t, 'public')).toBe('public, max-age=600');
    expect(signedCacheControl(1_000_000 + 999_999, t, 'private', 300)).toBe('private, max-age=300');
    expect(signedCacheControl(1_000_000 - 5, t, 'public')).toBe('public, max-age=0');
  });
});
