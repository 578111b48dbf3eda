import { z } from 'zod';
import type { AreaEndpoints } from './endpoint-def';
import { ZMobile, ZNationCode, ZPin } from './phone-fields';
import { routes } from './routes';
import { ZGuestLoginRequest, ZUserInfo } from './user';

export const SMS_ACTIONS = ['login', 'bind', 'cancel', 'lifelong'] as const;
export const THIRD_PARTY_TYPES = [
  'wx_app',
  'wx_web',
  'hw_app',
  'mi_app',
  'du_app',
  'apple',
] as const;
export type ThirdPartyType = (typeof THIRD_PARTY_TYPES)[number];
export type SmsAction = (typeof SMS_ACTIONS)[number];

const ZInviteCode = z
  .string()
  .regex(/^[0-9A-Za-z]{0,4}$/, '邀请码格式不正确')
  .transform((v) => v.toUpperCase());
const ZAuthCode = z.string().min(1, '不能为空').max(8192);

export const ZSmsQuery = z.object({
  mobile: ZMobile,
  nation_code: ZNationCode.default('86'),
  action: z.enum(SMS_ACTIONS).default('login'),
});
export type TSmsQuery = z.infer<typeof ZSmsQuery>;
/** The same answer whether or not the phone is registered. */
export const ZSmsResult = z.object({ resend_after: z.number().int() });

const phoneFields = { mobile: ZMobile, nation_code: ZNationCode.default('86'), pin: ZPin };

export const ZLoginRequest = z.discriminatedUnion('type', [
  z.object({ type: z.literal('phone'), ...phoneFields, inv_code: ZInviteCode.optional() }),
  z.object({
    type: z.literal('bind_phone'),
    ...phoneFields,
    auth_code: ZAuthCode,
    inv_code: ZInviteCode.optional(),
  }),
  z.object({ type: z.enum(THIRD_PARTY_TYPES), auth_code: ZAuthCode }),
]);
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZPasswordLogin = z.object({
  account: z.string().trim().min(1, '请输入账号').max(64),
  password: z.string().min(1, '请输入密码').max(128),
});
export type TPasswordLogin = z.infer<typeof ZPasswordLogin>;

export const ZRegister = z.object({
  account: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_]{4,32}$/, '账号为4–32位字母、数字或下划线'),
  password: z.string().trim().min(6, '密码为6–64位').max(64, '密码为6–64位'),
});
export type TRegister = z.infer<typeof ZRegister>;

export const ZLoginResult = z.object({ access_token: z.string(), user: ZUserInfo });
export type TLoginResult = z.infer<typeof ZLoginResult>;

export const ZBindThirdParty = z.object({
  type: z.enum(THIRD_PARTY_TYPES),
  auth_code: ZAuthCode,
  /** 1 after the user confirmed switching a binding (answer to 12001). */
  confirm: z.number().int().min(0).max(1).optional(),
});
export const ZBindResult = z.object({ bound: z.array(z.string()) });

export const ZLogoutResult = z.object({ logged_out: z.boolean() });

/** How the login screen should offer each method on this deployment. */
export const ZLoginOptions = z.object({
  invite_required: z.boolean(),
  /** QR page for the messaging-app login in a browser; {state} and {redirect} are filled in. */
  wx_web_qr_url: z.string(),
  /** Origin whose postMessage carries the QR login code. */
  relay_origin: z.string(),
  /** The local consent page simulates the providers (development). */
  dev_oauth: z.boolean(),
  legal: z.object({
    user_agreement: z.string(),
    privacy_policy: z.string(),
    children_privacy: z.string(),
  }),
});
export type TLoginOptions = z.infer<typeof ZLoginOptions>;

/** The endpoint table's entries of this area (endpoints.ts assembles the areas). */
export const authEndpoints = {
  guestLogin: {
    ...routes.guestLogin,
    summary: 'Create or resume the guest account of a device',
    tags: ['auth'],
    body: ZGuestLoginRequest,
    response: ZLoginResult,
  },
  loginOptions: {
    ...routes.loginOptions,
    summary: 'How the login screen offers each method here (invite rule, QR page, legal pages)',
    tags: ['auth'],
    response: ZLoginOptions,
  },
  sms: {
    ...routes.sms,
    summary: 'Send a 4-digit code (same answer whether or not the phone is registered)',
    tags: ['auth'],
    query: ZSmsQuery,
    response: ZSmsResult,
  },
  login: {
    ...routes.login,
    summary:
      'Phone, third-party and bind_phone login (12000 bind phone, 12001 confirm switch, 12003/12004 invite)',
    tags: ['auth'],
    body: ZLoginRequest,
    response: ZLoginResult,
  },
  passwordLogin: {
    ...routes.passwordLogin,
    summary: 'Account and password login',
    tags: ['auth'],
    body: ZPasswordLogin,
    response: ZLoginResult,
  },
  register: {
    ...routes.register,
    summary: 'Register with account and password (a guest caller is upgraded in place)',
    tags: ['auth'],
    body: ZRegister,
    response: ZLoginResult,
  },
  bindThirdParty: {
    ...routes.bindThirdParty,
    summary: 'Bind a third-party account to the logged-in user (12001 asks to confirm a switch)',
    tags: ['auth'],
    body: ZBindThirdParty,
    response: ZBindResult,
  },
  logout: {
    ...routes.logout,
    summary: 'Revoke the token of this request',
    tags: ['auth'],
    response: ZLogoutResult,
  },
} as const satisfies AreaEndpoints;
