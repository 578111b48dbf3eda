import { describe, expect, it } from 'vitest';
import {
  advanceProcess,
  bookAccessCode,
  canReadBook,
  canUnlockBook,
  isRightActive,
  lockReason,
  pageProcess,
  processPage,
} from './book-access';

const now = 1_800_000_000;
const right = (name: string, from = now - 86_400, to = now + 86_400) => ({
  name,
  create_time: from,
  expire_time: to,
});

describe('rights (spec §6)', () => {
  it.each([
    [right('vip'), true],
    [right('vip', now - 10, now), false],
    [right('school_usable', now + 10), false],
    [right('school_usable'), true],
    [right('library', now + 10), true],
  ])('%j active → %s', (r, expected) => expect(isRightActive(r, now)).toBe(expected));
});

describe('book access code (spec §6)', () => {
  it.each([
    ['vip', false, 0, 0],
    ['du_vip', false, 5, 0],
    ['library', true, 1, 0],
    ['school_usable', false, 5, 0],
    ['experience', false, 0, 31],
    ['experience', false, 5, 32],
    ['experience', false, 1, 33],
    [null, true, 0, 11],
    [null, true, 5, 12],
    [null, true, 1, 13],
    [null, false, 0, 21],
    [null, false, 5, 22],
    [null, false, 1, 23],
    ['growth', false, 0, 21],
  ] as const)('right %s, guest %s, book type %i → %i', (name, isGuest, bookType, code) => {
    expect(bookAccessCode({ isGuest, rights: name ? [right(name)] : [], bookType, now })).toBe(
      code,
    );
  });

  it('an expired right gives no access', () => {
    expect(
      bookAccessCode({
        isGuest: false,
        rights: [right('vip', now - 100, now - 1)],
        bookType: 0,
        now,
      }),
    ).toBe(21);
  });

  it.each([
    [0, false, true, true, null],
    [13, false, true, true, null],
    [23, false, true, true, null],
    [33, false, true, true, null],
    [31, false, false, true, null],
    [31, true, true, true, null],
    [32, false, false, false, 'members'],
    [21, false, false, false, 'vip'],
    // an unlock made during an experience right ends with the right
    [21, true, false, false, 'vip'],
    [22, false, false, false, 'members'],
    [11, false, false, false, 'login'],
    [12, false, false, false, 'login'],
  ] as const)(
    'code %i unlocked %s → read %s, unlock %s, reason %s',
    (code, unlocked, read, unlock, reason) => {
      expect(canReadBook(code, unlocked)).toBe(read);
      expect(canUnlockBook(code)).toBe(unlock);
      expect(lockReason(code)).toBe(reason);
    },
  );
});

describe('reading progress only moves forward (spec §4)', () => {
  it.each([
    [null, '003', '003'],
    ['003', '005', '005'],
    ['005', '003', '005'],
    ['010', '009', '010'],
    ['009', '010', '010'],
  ])('saved %s, next %s → %s', (saved, next, expected) =>
    expect(advanceProcess(saved, next)).toBe(expected),
  );

  it('pads pages so string order is page order', () => {
    expect(pageProcess(3)).toBe('003');
    expect(pageProcess(12) > pageProcess(9)).toBe(true);
    expect(processPage('012')).toBe(12);
    expect(processPage('x')).toBe(1);
  });
});
