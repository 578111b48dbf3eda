import { z } from 'zod';

/**
 * The phone fields of the login and account-deletion forms (auth.ts, user.ts): calling code,
 * number and SMS code. Not re-exported from the package index.
 */
export const ZNationCode = z.string().regex(/^\d{1,4}$/, '国家区号格式不正确');
export const ZMobile = z.string().regex(/^\d{4,15}$/, '手机号格式不正确');
export const ZPin = z.string().regex(/^\d{1,8}$/, '验证码格式不正确');
