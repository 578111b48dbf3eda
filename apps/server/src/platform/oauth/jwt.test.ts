import { describe, expect, it } from 'vitest';
import { decodeJwt } from './jwt';

const seg = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('decodeJwt', () => {
  it('decodes header and payload and keeps the signing input verbatim', () => {
    const header = seg({ alg: 'RS256', kid: 'k' });
    const payload = seg({ sub: 's' });
    const decoded = decodeJwt(`${header}.${payload}.AQID`);
    expect(decoded?.header).toEqual({ alg: 'RS256', kid: 'k' });
    expect(decoded?.payload).toEqual({ sub: 's' });
    expect(decoded?.signingInput).toBe(`${header}.${payload}`);
    expect([...(decoded?.signature ?? [])]).toEqual([1, 2, 3]);
  });

  it.each([
    ['four segments', `${seg({})}.${seg({})}.AA.AA`],
    ['padding characters', `${seg({})}=.${seg({})}.AA`],
    ['standard base64 characters', `${seg({})}.${seg({})}.a+b/`],
    ['a JSON array payload', `${seg({})}.${seg([1])}.AA`],
    ['an empty header', `.${seg({})}.AA`],
  ])('refuses %s', (_label, token) => {
    expect(decodeJwt(token)).toBeUndefined();
  });
});
