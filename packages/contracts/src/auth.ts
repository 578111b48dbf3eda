import { z } from 'zod';
import { ZUserInfo } from './user';

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

const ZNationCode = z.string().regex(/^\d{1,4}$/, '国家区号格式不正确');
const ZMobile = z.string().regex(/^\d{4,15}$/, '手机号格式不正确');
const ZPin = z.string().regex(/^\d{1,8}$/, '验证码格式不正确');
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

export const ZCancelAccount = z.object({
  nation_code: ZNationCode.optional(),
  phone: ZMobile.optional(),
  pin: ZPin.optional(),
  /** Accounts without a phone confirm with their password instead. */
  password: z.string().max(128).optional(),
});
export const ZCancelResult = z.object({ deleted: z.boolean() });

/**
 * What deleting the account takes away, with values (decision 094): every running right with its
 * expiry, every balance, gift cards held but not activated and prizes not yet sent, books
 * unlocked, camps joined and not finished, lottery chances left, points-mall prizes waiting to be
 * shipped. Zero amounts and empty lists mean the family holds none of it.
 */
export const ZDeletionSummary = z.object({
  /** Rights still running (Unix seconds of the expiry; `lifetime` from the year 2038 on). */
  rights: z.array(
    z.object({ name: z.string(), expire_time: z.number().int(), lifetime: z.boolean() }),
  ),
  points: z.number().int(),
  coins: z.number().int(),
  credits: z.number().int(),
  diamonds: z.number().int(),
  /** Gift cards redeemed but not activated: what each would give. */
  gift_cards: z.array(
    z.object({
      kind: z.enum(['right', 'prize']),
      right: z.string().nullable(),
      /** Days of the right; null for a lifetime right or a prize. */
      days: z.number().int().nullable(),
      title: z.string().nullable(),
    }),
  ),
  /** Prizes (gift cards, points mall) on their way: not sent yet, the address goes. */
  undelivered_prizes: z.number().int(),
  unlocked_books: z.number().int(),
  /** Camps joined whose reward was not collected yet. */
  camps: z.array(z.object({ name: z.string() })),
  lottery_chances: z.number().int(),
  /** Store orders paid but not refunded (the money stays with the books; decision 094). */
  paid_orders: z.number().int(),
});
export type TDeletionSummary = z.infer<typeof ZDeletionSummary>;

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
