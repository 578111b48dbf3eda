import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  batchRefusal,
  formatGiftCode,
  GIFT_CODE_ALPHABET,
  GIFT_CODE_BITS,
  GIFT_CODE_LENGTH,
  giftCodeCheckChar,
  giftProductTitle,
  makeGiftCode,
  parseGiftCode,
} from './index';

const sample = () => makeGiftCode((n) => randomBytes(n));

describe('gift codes (decision 051)', () => {
  it('≥ 60 bits of entropy from an alphabet without look-alikes', () => {
    expect(GIFT_CODE_BITS).toBeGreaterThanOrEqual(60);
    expect(GIFT_CODE_ALPHABET).toHaveLength(31);
    for (const ch of '01OIL') expect(GIFT_CODE_ALPHABET).not.toContain(ch);
    expect(new Set(GIFT_CODE_ALPHABET).size).toBe(31);
  });

  it('made codes have the length, the alphabet and a valid check character', () => {
    for (let i = 0; i < 200; i++) {
      const code = sample();
      expect(code).toHaveLength(GIFT_CODE_LENGTH);
      expect([...code].every((ch) => GIFT_CODE_ALPHABET.includes(ch))).toBe(true);
      expect(parseGiftCode(code)).toEqual({ ok: true, code });
    }
  });

  it('characters are drawn uniformly (bytes ≥ 248 are skipped)', () => {
    // A source giving 247 then 248 …: 247 % 31 = 30 (Z) counts, 248 is dropped.
    const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i % 2 ? 248 : 247));
    expect(makeGiftCode(bytes).slice(0, 15)).toBe('Z'.repeat(15));
  });

  const code = 'K7QM4XRT9BWH3NP';
  const full = code + giftCodeCheckChar(code);

  it.each([
    ['as printed, grouped', formatGiftCode(full), true],
    ['lower case with spaces', formatGiftCode(full).toLowerCase().replaceAll('-', ' '), true],
    ['empty', '  ', 'empty'],
    ['a look-alike 0', `${full.slice(0, 3)}0${full.slice(4)}`, 'character'],
    ['a look-alike O', `O${full.slice(1)}`, 'character'],
    ['a look-alike I', `${full.slice(0, 5)}I${full.slice(6)}`, 'character'],
    ['one character short', full.slice(1), 'length'],
    ['one character more', `${full}A`, 'length'],
  ])('%s', (_name, input, expected) => {
    const parsed = parseGiftCode(input);
    if (expected === true) expect(parsed).toEqual({ ok: true, code: full });
    else expect(parsed).toMatchObject({ ok: false, problem: expected });
  });

  it('every single wrong character is caught by the check character', () => {
    for (let pos = 0; pos < full.length; pos++) {
      for (const ch of GIFT_CODE_ALPHABET) {
        if (ch === full[pos]) continue;
        const typo = full.slice(0, pos) + ch + full.slice(pos + 1);
        expect(parseGiftCode(typo)).toMatchObject({ ok: false, problem: 'check' });
      }
    }
  });

  it('every swap of two different characters is caught', () => {
    for (let i = 0; i < full.length; i++) {
      for (let j = i + 1; j < full.length; j++) {
        if (full[i] === full[j]) continue;
        const chars = [...full];
        [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
        expect(parseGiftCode(chars.join('')).ok).toBe(false);
      }
    }
  });

  it('formats in groups of four', () => {
    expect(formatGiftCode('ABCDEFGHJKMNPQRS')).toBe('ABCD-EFGH-JKMN-PQRS');
  });
});

describe('gift-card batches', () => {
  const now = new Date('2026-11-27T00:00:00Z');
  const later = new Date('2026-12-27T00:00:00Z');
  const earlier = new Date('2026-10-27T00:00:00Z');
  it.each([
    ['open', { status: 'active', startsAt: null, expiresAt: later }, null],
    ['started', { status: 'active', startsAt: earlier, expiresAt: later }, null],
    ['expired', { status: 'active', startsAt: null, expiresAt: earlier }, 'expired'],
    ['expires exactly now', { status: 'active', startsAt: null, expiresAt: now }, 'expired'],
    ['revoked', { status: 'revoked', startsAt: null, expiresAt: later }, 'revoked'],
    ['revoked and expired', { status: 'revoked', startsAt: null, expiresAt: earlier }, 'revoked'],
    [
      'not started yet',
      { status: 'active', startsAt: new Date('2026-12-01T00:00:00Z'), expiresAt: later },
      'notStarted',
    ],
  ] as const)('%s', (_name, batch, expected) => {
    expect(batchRefusal(batch, now)).toBe(expected);
  });

  it.each([
    [{ kind: 'right', right: 'vip', days: 31 }, 'VIP会员 31天'],
    [{ kind: 'right', right: 'life_vip', days: 'life' }, '终身VIP'],
    [{ kind: 'right', right: 'vip', days: 'life' }, 'VIP会员 终身'],
    [{ kind: 'prize', title: '绘本岛书包' }, '绘本岛书包'],
  ] as const)('product title %j', (product, title) => {
    expect(giftProductTitle(product)).toBe(title);
  });
});
