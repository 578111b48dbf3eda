import { z } from 'zod';
import type { AreaEndpoints } from './endpoint-def';
import { ZMobile, ZNationCode, ZPin } from './phone-fields';
import { routes } from './routes';

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
  /** Study-plan courses finished (major and minor). */
  done_courses: z.number().int(),
  /** Finished counts by kind (decision 028): sp = study plan, lp = level tests, exp = trial. */
  learning_records: z.object({
    sp_intensive: z.number().int(),
    sp_intensive_optional: z.number().int(),
    sp_extensive: z.number().int(),
    sp_extensive_optional: z.number().int(),
    lp_intensive: z.number().int(),
    lp_challenge: z.number().int(),
    exp_intensive: z.number().int(),
    exp_challenge: z.number().int(),
  }),
  rights: z.array(ZRight),
  coins: z.number().int(),
  credits: z.number().int(),
  diamonds: z.number().int(),
  /** Product ids this account bought and kept (fulfilled, not refunded). */
  paid: z.array(z.string()),
  /** What the account has bought: counts and times of fulfilled orders, and a lifetime VIP. */
  buy_info: z.object({
    paid_count: z.number().int(),
    first_paid_time: z.number().int().nullable(),
    last_paid_time: z.number().int().nullable(),
    last_product_id: z.string().nullable(),
    life_vip: z.number().int().min(0).max(1),
  }),
  children: z.array(ZChild),
  /** Country code of the bound phone, empty when none. */
  nation_code: z.string(),
  has_password: z.boolean(),
  /** Provider families bound to this account (wx, hw, mi, du, apple). */
  bindings: z.array(z.string()),
  guardian_consent: z.boolean(),
  notifications: z.number().int(),
  /** Province guess for the first child setup; null when unknown. */
  geo: z.object({ province_id: z.number().int().nullable() }),
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

export const ZSaveChild = z.object({
  nickname: z.string().max(64),
  birthday: z.string().max(10),
  gender: z.number().int().min(0).max(2),
  avatar: z.string().max(256).default(''),
  /** A region id of the configs' list (an int4 in the database). */
  region: z.number().int().min(0).max(2_147_483_647),
  /** Guardian consent to the children's personal-information rules; required for the first profile. */
  consent: z.number().int().min(0).max(1).optional(),
});
export type TSaveChild = z.infer<typeof ZSaveChild>;

export const ZAvatarRequest = z.object({ icon: z.string().min(1).max(256) });
export const ZNotificationsRequest = z.object({ mask: z.number().int().min(0).max(0xffff) });
export const ZUserCode = z.object({ code: z.string() });

export const ZStorageItem = z.object({
  key: z.string().min(1).max(64),
  value: z.string().max(4096),
  group: z.string().max(32).optional(),
});
export const ZStoragesQuery = z.object({ group: z.string().min(1).max(32).default('setting') });
export const ZStoragesSave = z.object({
  group: z.string().min(1).max(32).default('setting'),
  list: z.array(ZStorageItem).max(50),
});
export const ZStorages = z.object({
  list: z.array(z.object({ key: z.string(), value: z.string(), group: z.string() })),
});
export type TStorages = z.infer<typeof ZStorages>;

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

/** The endpoint table's entries of this area (endpoints.ts assembles the areas). */
export const userEndpoints = {
  userInfo: {
    ...routes.userInfo,
    summary: 'The logged-in user (type 20, or 21 for the special variant)',
    tags: ['user'],
    query: ZUserInfoQuery,
    response: ZUserInfo,
  },
  saveChild: {
    ...routes.saveChild,
    summary: 'Create or update the current child profile (guardian consent needed the first time)',
    tags: ['user'],
    body: ZSaveChild,
    response: ZChild,
  },
  userAvatar: {
    ...routes.userAvatar,
    summary: "Set the current child's avatar (one of the configured avatars)",
    tags: ['user'],
    body: ZAvatarRequest,
    response: ZChild,
  },
  userNotifications: {
    ...routes.userNotifications,
    summary: 'Notification preferences as a bit mask',
    tags: ['user'],
    body: ZNotificationsRequest,
    response: z.object({ mask: z.number().int() }),
  },
  userCode: {
    ...routes.userCode,
    summary: "The user's own invite code",
    tags: ['user'],
    response: ZUserCode,
  },
  getStorages: {
    ...routes.getStorages,
    summary: 'Server-stored settings of a group (group setting)',
    tags: ['user'],
    query: ZStoragesQuery,
    response: ZStorages,
  },
  saveStorages: {
    ...routes.saveStorages,
    summary: 'Save settings items (key, value, group); returns the whole group',
    tags: ['user'],
    body: ZStoragesSave,
    response: ZStorages,
  },
  cancelAccount: {
    ...routes.cancelAccount,
    summary: 'Delete the account: children, recordings, settings, sessions; ledger anonymised',
    tags: ['user'],
    body: ZCancelAccount,
    response: ZCancelResult,
  },
  deletionSummary: {
    ...routes.deletionSummary,
    summary:
      'What deleting the account takes away, with values: rights, balances, gift cards, books, camps',
    tags: ['user'],
    response: ZDeletionSummary,
  },
} as const satisfies AreaEndpoints;
