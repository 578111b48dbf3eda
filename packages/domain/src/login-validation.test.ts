import { describe, expect, it } from 'vitest';
import {
  matchesMaskedPhone,
  sanitizeInviteCode,
  sanitizePhone,
  sanitizePin,
  validateAccount,
  validateInviteCode,
  validatePassword,
  validatePhone,
  validatePhoneLogin,
  validatePin,
  validationMessagesZh,
} from './login-validation';

describe('input sanitising (spec §5)', () => {
  it.each([
    ['138 0013-8000', '13800138000'],
    ['abc', ''],
  ])('phone %j keeps digits only → %j', (input, out) => expect(sanitizePhone(input)).toBe(out));

  it.each([
    ['12345', '1234'],
    ['1a2', '12'],
  ])('pin %j keeps up to 4 digits → %j', (input, out) => expect(sanitizePin(input)).toBe(out));

  it.each([
    ['ab1c', 'AB1C'],
    ['a-b_c d9', 'ABCD'],
  ])('invite code %j keeps letters/digits, upper-cased, 4 long → %j', (input, out) =>
    expect(sanitizeInviteCode(input)).toBe(out),
  );
});

describe('phone (spec §5: CN must be 11 digits starting with 1)', () => {
  it.each([
    ['CN', '', 'phoneEmpty'],
    ['CN', '13800138000', null],
    ['CN', '1380013800', 'phoneInvalid'],
    ['CN', '138001380001', 'phoneInvalid'],
    ['CN', '23800138000', 'phoneInvalid'],
    ['HK', '91234567', null],
    ['HK', '12', 'phoneInvalid'],
  ] as const)('%s %j → %s', (abbr, phone, expected) => {
    expect(validatePhone(abbr, phone)).toBe(expected);
  });
});

describe('pin (spec §5: exactly 4 digits unless CN and the phone starts with 10, 11 or 12)', () => {
  it.each([
    ['CN', '13800138000', '', 'pinEmpty'],
    ['CN', '13800138000', '1234', null],
    ['CN', '13800138000', '123', 'pinInvalid'],
    ['CN', '13800138000', '12345', 'pinInvalid'],
    ['CN', '10000000001', '123456', null],
    ['CN', '11000000001', '12', null],
    ['CN', '12000000001', '1234567', null],
    ['CN', '13000000001', '123456', 'pinInvalid'],
    ['HK', '10000000', '123456', 'pinInvalid'],
  ] as const)('%s %s pin %j → %s', (abbr, phone, pin, expected) => {
    expect(validatePin(abbr, phone, pin)).toBe(expected);
  });
});

describe('invite code (spec §5: required when needed, 4 letters or digits)', () => {
  it.each([
    ['', true, 'inviteEmpty'],
    ['', false, null],
    ['AB12', true, null],
    ['AB1', true, 'inviteInvalid'],
    ['ab12', false, 'inviteInvalid'],
  ] as const)('%j required=%s → %s', (code, required, expected) => {
    expect(validateInviteCode(code, required)).toBe(expected);
  });
});

describe('whole phone form in order, with the spec messages', () => {
  const ok = {
    abbr: 'CN',
    phone: '13800138000',
    pin: '1234',
    inviteCode: '',
    isInviteRequired: false,
    hasAgreed: true,
  };
  it.each([
    [{ ...ok, phone: '' }, '请输入手机号'],
    [{ ...ok, phone: '1380013800' }, '请输入正确的手机号'],
    [{ ...ok, pin: '' }, '请输入验证码'],
    [{ ...ok, pin: '12' }, '请输入正确的验证码'],
    [{ ...ok, isInviteRequired: true }, '请输入邀请码'],
    [{ ...ok, inviteCode: 'AB' }, '请输入正确的邀请码'],
    [
      { ...ok, hasAgreed: false },
      '请阅读并同意《用户协议》《隐私政策》《儿童个人信息保护规则及监护人须知》',
    ],
  ])('%j → %s', (input, message) => {
    const key = validatePhoneLogin(input);
    expect(key && validationMessagesZh[key]).toBe(message);
  });
  it('accepts a complete form', () => expect(validatePhoneLogin(ok)).toBeNull());
});

describe('account and password (trimmed)', () => {
  it.each([
    ['', 'accountEmpty'],
    ['   ', 'accountEmpty'],
    ['abc', 'accountInvalid'],
    [' dudu_01 ', null],
    ['名字abcd', 'accountInvalid'],
  ] as const)('account %j → %s', (value, expected) =>
    expect(validateAccount(value)).toBe(expected),
  );
  it.each([
    ['', 'passwordEmpty'],
    ['12345', 'passwordInvalid'],
    ['123456', null],
    ['x'.repeat(65), 'passwordInvalid'],
  ] as const)('password %j → %s', (value, expected) =>
    expect(validatePassword(value)).toBe(expected),
  );
});

describe('matchesMaskedPhone (the deletion page answers a wrong phone at once)', () => {
  it.each([
    ['138****8000', '13800138000', true],
    ['138****8000', '13812348000', true],
    ['138****8000', '13900138000', false],
    ['138****8000', '13800138001', false],
    ['138****8000', '1380013800', false],
    ['138****8000', '', false],
    ['', '13800138000', false],
    ['91****78', '91234578', true],
    ['91****78', '91234579', false],
  ])('mask %j, typed %j → %j', (masked, phone, out) =>
    expect(matchesMaskedPhone(masked, phone)).toBe(out),
  );
});
