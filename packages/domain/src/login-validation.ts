/**
 * Login form rules (shell-and-account §5). Each check answers null or a message key; the
 * messages themselves are in `validationMessagesZh` (and the web's English locale).
 */
export type ValidationKey =
  | 'phoneEmpty'
  | 'phoneInvalid'
  | 'pinEmpty'
  | 'pinInvalid'
  | 'inviteEmpty'
  | 'inviteInvalid'
  | 'agreementRequired'
  | 'nicknameEmpty'
  | 'nicknameTooLong'
  | 'birthdayInvalid'
  | 'accountEmpty'
  | 'accountInvalid'
  | 'passwordEmpty'
  | 'passwordInvalid';

/** Chinese messages of the spec's validation rules (translated from the spec's English). */
export const validationMessagesZh: Record<ValidationKey, string> = {
  phoneEmpty: '请输入手机号',
  phoneInvalid: '请输入正确的手机号',
  pinEmpty: '请输入验证码',
  pinInvalid: '请输入正确的验证码',
  inviteEmpty: '请输入邀请码',
  inviteInvalid: '请输入正确的邀请码',
  agreementRequired: '请阅读并同意《用户协议》《隐私政策》《儿童个人信息保护规则及监护人须知》',
  nicknameEmpty: '昵称不能为空',
  nicknameTooLong: '昵称不能超过16个字',
  birthdayInvalid: '请输入正确的生日',
  accountEmpty: '请输入账号',
  accountInvalid: '账号为4–32位字母、数字或下划线',
  passwordEmpty: '请输入密码',
  passwordInvalid: '密码为6–64位',
};

export const PIN_LENGTH = 4;
export const CN_PHONE_LENGTH = 11;
export const INVITE_CODE_LENGTH = 4;
export const DEFAULT_COUNTRY = { abbr: 'CN', code: '86' } as const;

/** Phone input accepts digits only. */
export const sanitizePhone = (input: string): string => input.replace(/\D/g, '');
/** Pin input accepts up to 4 digits… except for the reserved CN prefixes, which take any digits. */
export const sanitizePin = (input: string, maxLength = PIN_LENGTH): string =>
  input.replace(/\D/g, '').slice(0, maxLength);
/** Invite code accepts letters and digits only, upper-cased. */
export const sanitizeInviteCode = (input: string): string =>
  input
    .replace(/[^0-9a-z]/gi, '')
    .toUpperCase()
    .slice(0, INVITE_CODE_LENGTH);

/**
 * CN numbers starting 10, 11 or 12 are not mobile numbers; they are reserved for review and test
 * accounts, whose codes are not 4 digits (spec §5 exception).
 */
export function isReservedCnNumber(abbr: string, phone: string): boolean {
  return abbr === 'CN' && /^1[012]/.test(phone);
}

export function validatePhone(abbr: string, phone: string): ValidationKey | null {
  if (!phone) return 'phoneEmpty';
  if (abbr === 'CN' && !/^1\d{10}$/.test(phone)) return 'phoneInvalid';
  if (!/^\d{4,15}$/.test(phone)) return 'phoneInvalid';
  return null;
}

/**
 * Whether a typed phone can be the account's, as far as its masked form (user info `phone`,
 * "138****8000") shows: same length, and every digit the mask shows is the same. An empty mask
 * (no phone) matches nothing. The server decides; this only answers at once (decision 094).
 */
export function matchesMaskedPhone(masked: string, phone: string): boolean {
  if (!masked || masked.length !== phone.length) return false;
  for (let i = 0; i < masked.length; i += 1) {
    if (masked[i] !== '*' && masked[i] !== phone[i]) return false;
  }
  return true;
}

export function validatePin(abbr: string, phone: string, pin: string): ValidationKey | null {
  if (!pin) return 'pinEmpty';
  if (isReservedCnNumber(abbr, phone)) return /^\d+$/.test(pin) ? null : 'pinInvalid';
  return /^\d{4}$/.test(pin) ? null : 'pinInvalid';
}

export function validateInviteCode(code: string, isRequired: boolean): ValidationKey | null {
  if (!code) return isRequired ? 'inviteEmpty' : null;
  return /^[0-9A-Z]{4}$/.test(code) ? null : 'inviteInvalid';
}

export interface PhoneLoginInput {
  abbr: string;
  phone: string;
  pin: string;
  inviteCode: string;
  isInviteRequired: boolean;
  hasAgreed: boolean;
}

/** The whole phone form in the spec's order; the first problem wins. */
export function validatePhoneLogin(input: PhoneLoginInput): ValidationKey | null {
  return (
    validatePhone(input.abbr, input.phone) ??
    validatePin(input.abbr, input.phone, input.pin) ??
    validateInviteCode(input.inviteCode, input.isInviteRequired) ??
    (input.hasAgreed ? null : 'agreementRequired')
  );
}

/** Account/password (spec: trimmed; the length rules are ours, shared with the server). */
export function validateAccount(account: string): ValidationKey | null {
  const value = account.trim();
  if (!value) return 'accountEmpty';
  return /^[A-Za-z0-9_]{4,32}$/.test(value) ? null : 'accountInvalid';
}

export function validatePassword(password: string): ValidationKey | null {
  const value = password.trim();
  if (!value) return 'passwordEmpty';
  return value.length >= 6 && value.length <= 64 ? null : 'passwordInvalid';
}
