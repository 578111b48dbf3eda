import { z } from 'zod';

export const ZRight = z.object({
  name: z.string(),
  /** 1 a time-limited VIP, 2 lifetime (expiry year 2038 or later). */
  vip_type: z.number().int().nullable(),
  /** Seconds of the right left, 0 when expired. */
  expire_duration: z.number().int(),
  expire_time: z.number().int(),
  create_time: z.number().int(),
});
export type TRight = z.infer<typeof ZRight>;

export const ZChild = z.object({
  id: z.number().int(),
  nickname: z.string(),
  birthday: z.string(),
  gender: z.number().int(),
  age: z.number().int(),
  avatar: z.string(),
  region: z.number().int(),
});
export type TChild = z.infer<typeof ZChild>;

export const ZUserInfo = z.object({
  id: z.number().int(),
  is_guest: z.boolean(),
  is_first_login: z.boolean(),
  vip: z.number().int().min(0).max(1),
  vip_expire_time: z.number().int(),
  vip_expire_duration: z.number().int(),
  reg_days: z.number().int(),
  level: z.number().int(),
  /** Masked phone (138****8000) or empty. */
  phone: z.string(),
  done_courses: z.number().int(),
  rights: z.array(ZRight),
  coins: z.number().int(),
  credits: z.number().int(),
  diamonds: z.number().int(),
  paid: z.array(z.string()),
  children: z.array(ZChild),
});
export type TUserInfo = z.infer<typeof ZUserInfo>;

export const ZUserInfoQuery = z.object({
  type: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(20), z.literal(21)]))
    .optional(),
});

export const ZGuestLoginRequest = z.object({
  device_id: z
    .string()
    .trim()
    .min(8, '至少 8 个字符')
    .max(128)
    .regex(/^[A-Za-z0-9_.:-]+$/, '只能包含字母、数字和 _.:-'),
});
export type TGuestLoginRequest = z.infer<typeof ZGuestLoginRequest>;

export const ZLoginResult = z.object({
  access_token: z.string(),
  user: ZUserInfo,
});
export type TLoginResult = z.infer<typeof ZLoginResult>;
